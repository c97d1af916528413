// The packages the server bundle (bundle.mjs) leaves out, read also by the
// release packaging (scripts/package.mjs), which ships them beside it.

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
export const EXTERNAL = [
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
