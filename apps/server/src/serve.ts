/**
 * The server's start, after main.ts has started tracing when it is
 * configured: read config, open and migrate the database, listen, stop on
 * SIGTERM (shutdown.ts; background jobs: background-jobs.ts).
 */
import path from 'node:path';
import {
  createAppContext,
  logToDemoFileInDemoMode,
  openConfiguredDatabase,
  seedDemoActivityOnce,
} from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './platform/config/config.js';
import { DataFolderInUseError } from './platform/db/folder-lock.js';
import { demoLogFile } from './platform/http/logging.js';
import { stopOnSignals, trackRequests } from './shutdown.js';
import { stopTracing } from './platform/tracing/hooks.js';

async function main(): Promise<void> {
  // What the server writes (the embedded database, uploads, the outbox, the
  // demo signing key) is its user's alone, whatever umask it was started with.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // Demo mode logs into DATA_DIR/logs: its console is for the person starting it.
  logToDemoFileInDemoMode(config);
  // The routes' modules load while the database opens (about 0.15 s of the
  // start; the embedded database compiles its WebAssembly off the main thread).
  const opening = openConfiguredDatabase(config);
  const appModule = import('./app.js');
  // A failure to load is reported where it is awaited, not as an unhandled rejection meanwhile.
  appModule.catch(() => undefined);
  const database = await opening;
  const ctx = await createAppContext(config, database);
  await seedDemoActivityOnce(ctx);
  const { buildApp } = await appModule;
  const app = await buildApp(ctx, { serveWeb: true });

  const requests = trackRequests(app.server);
  stopOnSignals({
    server: app.server,
    log: app.log,
    requests,
    timeoutSeconds: config.jobs.shutdownTimeoutSeconds,
    close: async () => {
      await app.close();
      await database.close();
      await stopTracing();
    },
  });

  await app.listen({ port: config.port, host: config.host });
  // Demo mode listens on loopback unless HOST says otherwise (platform/config/config.ts): its password is public.
  const mode = config.demo
    ? ` (demo mode: sign in as admin@example.com / demo; listening on ${config.host} only)`
    : '';
  // In demo mode the line stands last and apart: nothing follows it on the console (the
  // requests are logged into the file named above it), so it is found at a glance.
  const logFile = demoLogFile(config.dataDir);
  const shown = path.relative(process.cwd(), logFile);
  const logs = config.demo
    ? `Logs: ${shown.startsWith('..') || path.isAbsolute(shown) ? logFile : shown}\n\n`
    : '';
  process.stdout.write(`${logs}Campaign back-office running at ${config.publicUrl}${mode}\n`);
}

main().catch((error: unknown) => {
  // A setting found bad only when it is used (the signing key) is told like the others.
  if (error instanceof DataFolderInUseError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
