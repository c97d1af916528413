/**
 * The runtime configuration (GET /config.json), loaded once before the app
 * renders so that one build runs in every environment.
 */
import type { TRuntimeConfig } from '@backoffice/domain';

let current: TRuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<TRuntimeConfig> {
  // A plain GET, so that it is the request index.html preloads.
  const response = await fetch('/config.json');
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  // The server builds this object from its validated configuration (ZRuntimeConfig).
  current = (await response.json()) as TRuntimeConfig;
  return current;
}

/** The loaded configuration; main.tsx loads it before anything else runs. */
export function getConfig(): TRuntimeConfig {
  if (!current) throw new Error('Runtime configuration has not been loaded');
  return current;
}

/** Test hook and escape hatch for tools that build the config themselves. */
export function setRuntimeConfig(config: TRuntimeConfig): void {
  current = config;
}

/** The configuration for components; it never changes while the app runs. */
export function useConfig(): TRuntimeConfig {
  return getConfig();
}
