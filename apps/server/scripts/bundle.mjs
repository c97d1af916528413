// Bundles the compiled server (dist/) and the packages it loads at every
// start into dist/bundle/, which `npm start` runs. Node then reads a few
// files instead of some 1,000 modules, most of them CommonJS it would have
// to find, read and scan for their exports one by one: the start is about
// 0.4 s shorter (docs/decisions.md, "The server runs as a bundle").
// Code splitting keeps what the server imports only when needed (the routes
// while the database opens, the demo activity) in chunks of their own,
// loaded when they are imported, as the separate modules were.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '..');
const outdir = path.join(server, 'dist', 'bundle');

/**
 * Packages that stay in node_modules and load from there:
 * - those that find their own files at run time: PGlite (its WebAssembly
 *   and data files), sharp (a native addon), Swagger UI (the files it
 *   serves), pino (its transports run worker files by path);
 * - those loaded only when a setting asks for them, some of them large:
 *   the S3 client, ioredis (REDIS_URL), node-postgres and its optional
 *   native binding (DATABASE_URL), nodemailer (SMTP_URL), and zxcvbn (the
 *   password check, loaded when a password is first set);
 * - OpenTelemetry and @fastify/otel, loaded when tracing is configured
 *   (OTEL_EXPORTER_OTLP_ENDPOINT): the instrumentations patch node-postgres
 *   and ioredis through import-in-the-middle's loader hook, whose copy in
 *   node_modules must be the one they use;
 * - @node-rs/argon2, the password hashing: it loads the native addon of
 *   its platform (a package of its own) by require.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  '@aws-sdk',
  'ioredis',
  'pg',
  'pg-native',
  'nodemailer',
  '@zxcvbn-ts',
  '@node-rs/argon2',
  '@opentelemetry',
  '@fastify/otel',
];

await rm(outdir, { recursive: true, force: true });
await build({
  // main.js starts the server; create-data-folder.js is the short-lived
  // process it starts for a new data folder (bootstrap.ts), found next to
  // it: every chunk lies in the one folder, so import.meta.dirname is the
  // same for all of them. create-admin.js is `npm run create-admin` for the
  // release artefact and the container image, which hold the bundle only.
  entryPoints: [
    ...['main', 'create-data-folder'].map((name) => path.join(server, 'dist', `${name}.js`)),
    { in: path.join(server, 'dist', 'admin-account', 'cli.js'), out: 'create-admin' },
  ],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  // CommonJS packages in the bundle require Node's own modules and the
  // external packages: an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  // Stack traces map back to the TypeScript sources through the compiled
  // modules' own source maps (with node --enable-source-maps).
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
});
