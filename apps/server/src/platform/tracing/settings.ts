/**
 * Whether the server sends traces: OpenTelemetry's own environment variables
 * decide (docs/operations.md, "Tracing"). An OTLP endpoint switches tracing
 * on (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT);
 * OTEL_SDK_DISABLED=true switches it off whatever else is set. The rest
 * (protocol, headers, sampler, batching) the SDK reads itself.
 */

/** The service name spans carry unless OTEL_SERVICE_NAME says otherwise. */
export const DEFAULT_SERVICE_NAME = 'campaign-backoffice';

export interface TracingSettings {
  /** Where spans go (for the messages: the SDK reads the variables itself). */
  endpoint: string;
  /** The service name to set, or undefined when OTEL_SERVICE_NAME (or OTEL_RESOURCE_ATTRIBUTES) names it. */
  serviceName: string | undefined;
}

/** A tracing variable that cannot be used; the server does not start with it. */
export class TracingSettingError extends Error {}

const ENDPOINT_VARIABLES = [
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
] as const;

/** The tracing settings of `env`, or undefined when tracing is off. */
export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const variable = ENDPOINT_VARIABLES.find((name) => env[name]?.trim());
  if (!variable) return undefined;
  const endpoint = (env[variable] ?? '').trim();
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TracingSettingError(
      `${variable} must be the http:// or https:// address of an OTLP receiver (e.g. http://otel-collector:4318), not "${endpoint}"`,
    );
  }
  const named =
    Boolean(env.OTEL_SERVICE_NAME?.trim()) ||
    /(^|,)\s*service\.name\s*=/.test(env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  return { endpoint, serviceName: named ? undefined : DEFAULT_SERVICE_NAME };
}
