/**
 * Entry point. Tracing, when configured (platform/tracing/settings.ts), starts first:
 * its loader hook must be in place before the database drivers it traces
 * load, and they load with the rest of the server (serve.ts), imported only
 * then. Without tracing no part of OpenTelemetry is loaded.
 */
import {
  TracingSettingError,
  tracingSettings,
  type TracingSettings,
} from './platform/tracing/settings.js';

let tracing: TracingSettings | undefined;
try {
  tracing = tracingSettings(process.env);
} catch (error) {
  if (!(error instanceof TracingSettingError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
if (tracing) {
  try {
    const { startTracing } = await import('./platform/tracing/start.js');
    await startTracing(tracing);
  } catch (error) {
    process.stderr.write(
      `Failed to start tracing: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
}
await import('./serve.js');
