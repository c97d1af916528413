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
import { EXTERNAL } from './bundle-externals.mjs';

const server = path.resolve(import.meta.dirname, '..');
const outdir = path.join(server, 'dist', 'bundle');

await rm(outdir, { recursive: true, force: true });
await build({
  // main.js starts the server; create-data-folder.js is the short-lived
  // process it starts for a new data folder (bootstrap.ts), found next to
  // it: every chunk lies in the one folder, so import.meta.dirname is the
  // same for all of them. create-admin.js is `npm run create-admin` for the
  // release artefact and the container image, which hold the bundle only.
  entryPoints: [
    ...['main', 'create-data-folder'].map((name) => path.join(server, 'dist', `${name}.js`)),
    { in: path.join(server, 'dist', 'ops', 'admin-account', 'cli.js'), out: 'create-admin' },
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
