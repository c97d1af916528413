/**
 * The device of a request as people recognise it: the browser and system
 * its User-Agent names ("Firefox auf Windows"), read by bowser, and the
 * client address (behind TRUST_PROXY, the one the proxy saw).
 */
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** At most this much of a User-Agent is stored. */
const USER_AGENT_MAX = 512;

export interface Device {
  userAgent: string | null;
  address: string | null;
}

/** The device a request comes from. */
export function deviceOf(request: FastifyRequest): Device {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX) : null,
    address: request.ip || null,
  };
}

/**
 * The browser and system of a User-Agent, joined by `on` ("auf", "on"):
 * "Chrome auf Linux"; the browser alone, or null when it names neither.
 */
export function describeUserAgent(userAgent: string | null | undefined, on: string): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  // bowser names what it does not recognise ''.
  const browser = parsed.browser.name || undefined;
  const system = parsed.os.name || undefined;
  if (browser && system) return `${browser} ${on} ${system}`;
  return browser ?? system ?? null;
}
