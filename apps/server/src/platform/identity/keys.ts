/**
 * The identity provider's signing key. Outside demo mode it comes from
 * JWT_PRIVATE_KEY (every server process must share it). In demo mode a key is
 * generated once and kept in the data folder; an in-memory database (tests)
 * gets a fresh key per process.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type JWK,
  type CryptoKey,
} from 'jose';
import { ConfigError } from '../config/config.js';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
}

async function fromPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem, SIGNING_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const { d: _private, ...publicJwk } = jwk;
  const kid = createHash('sha256')
    .update(`${publicJwk.x}.${publicJwk.y}`)
    .digest('base64url')
    .slice(0, 16);
  return { privateKey, publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }, kid };
}

async function generatePem(): Promise<string> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return exportPKCS8(privateKey);
}

export async function loadSigningKey(options: {
  privateKeyPem: string | undefined;
  /** Where a generated demo key is kept; undefined keeps it in memory only. */
  demoKeyDir: string | undefined;
}): Promise<SigningKey> {
  if (options.privateKeyPem) {
    try {
      return await fromPem(options.privateKeyPem);
    } catch (error) {
      // An SEC1 key ("BEGIN EC PRIVATE KEY"), another curve or an RSA key: say which setting.
      throw new ConfigError(
        `Invalid configuration:\n  JWT_PRIVATE_KEY: not a P-256 private key in PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"; openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 makes one): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (!options.demoKeyDir) return fromPem(await generatePem());
  const file = path.join(options.demoKeyDir, 'demo-signing-key.pem');
  try {
    return await fromPem(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pem = await generatePem();
  await mkdir(options.demoKeyDir, { recursive: true });
  await writeFile(file, pem, { mode: 0o600 });
  return fromPem(pem);
}
