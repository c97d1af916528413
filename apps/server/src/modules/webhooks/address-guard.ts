/**
 * Where webhooks may go (docs/product.md#webhooks): http and https URLs whose
 * host is a public address. Loopback, private, link-local (the clouds'
 * metadata address 169.254.169.254 among them), carrier-grade NAT, multicast
 * and reserved addresses are refused, unless WEBHOOK_ALLOW_PRIVATE=true (a
 * closed network's receivers; the tests' local receiver).
 *
 * The check runs twice: when an endpoint is saved (a clear error for the
 * form), and on every connection, inside the HTTP client's DNS lookup, so a
 * name that resolved to a public address at the save and to a private one
 * later (DNS rebinding) is refused at the moment it matters. Redirects are
 * not followed.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { AppError } from '../../platform/errors.js';

/** Whether an IP address is one webhooks may be sent to (ipaddr.js names every other range). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const notAllowed = () => new AppError(422, 'webhook_url_not_allowed', 'url');

/** The URL as a webhook target: http(s), no credentials in it; refused otherwise (422 on `url`). */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(422, 'invalid_url', 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw notAllowed();
  if (url.username !== '' || url.password !== '') throw new AppError(422, 'invalid_url', 'url');
  return url;
}

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Refuses a URL whose host is (or resolves to) an address webhooks may not
 * reach; a name that does not resolve is refused too (nothing could be sent).
 */
export async function checkWebhookUrl(value: string, allowPrivate: boolean): Promise<URL> {
  const url = parseWebhookUrl(value);
  if (allowPrivate) return url;
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await dnsLookupAsync(host, { all: true, order: 'verbatim' }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw notAllowed();
  return url;
}

/** Whether the URL's host is an IP literal that may not be reached (the lookup below never sees those). */
export function isRefusedLiteral(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  return !allowPrivate && isIP(host) !== 0 && !isPublicAddress(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for the HTTP client that fails for names resolving to a refused address. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = found.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      const refusal: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused.address}, an address webhooks are not sent to`,
      );
      refusal.code = 'EADDRNOTALLOWED';
      callback(refusal, []);
      return;
    }
    if (options.all) callback(null, found);
    else callback(null, found[0]?.address ?? '', found[0]?.family);
  });
}

/** The HTTP client's connection pool of webhook deliveries, guarded unless private addresses are allowed. */
export function webhookAgent(allowPrivate: boolean): Agent {
  return new Agent({
    connect: allowPrivate ? {} : { lookup: guardedLookup },
    // A receiver that keeps the socket gets no second delivery on it before this.
    keepAliveTimeout: 10_000,
  });
}
