/**
 * Two-factor sign-in's building blocks (TOTP, RFC 6238, by otplib): new
 * secrets, their encryption at rest (AES-256-GCM with the MFA key), the
 * otpauth URI and its QR code (an SVG string), a code's check within one
 * step either side, and recovery codes (random, stored as SHA-256 hashes).
 *
 * The key is MFA_ENCRYPTION_KEY when set; otherwise one is generated once
 * and kept in the data folder (`mfa-encryption-key`), as the demo signing
 * key is; tests get a key in memory. Every server process must use the same
 * key: one that cannot decrypt a secret makes its codes wrong (it never lets
 * a sign-in through).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const MFA_KEY_FILE = 'mfa-encryption-key';

/** Seconds per TOTP step (the authenticator apps' default). */
export const TOTP_PERIOD = 30;

/**
 * The key that encrypts two-factor secrets: the configured one, or the one
 * kept in `keyDir` (made there on first use); a fresh one in memory without either.
 */
export async function loadMfaKey(options: {
  configured: Buffer | undefined;
  keyDir: string | undefined;
}): Promise<Buffer> {
  if (options.configured) return options.configured;
  if (!options.keyDir) return randomBytes(32);
  const file = path.join(options.keyDir, MFA_KEY_FILE);
  try {
    const kept = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (kept.length === 32) return kept;
    throw new Error(`${file} does not hold a key of 32 bytes (base64)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(options.keyDir, { recursive: true });
  // 'wx': a second process starting at the same moment does not overwrite the first one's key.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}

/** A new base32 secret of 20 bytes (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The secret for typing: groups of four ("ABCD EFGH …"). */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: the secret encrypted with AES-256-GCM. */
export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it was encrypted with another key (or is damaged). */
export function decryptSecret(key: Buffer, stored: string): string | undefined {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** The otpauth URI authenticator apps read, and its QR code as an SVG document. */
export async function setupQrCode(
  secret: string,
  issuer: string,
  account: string,
): Promise<{ uri: string; svg: string }> {
  const uri = generateURI({ issuer, label: account, secret, period: TOTP_PERIOD });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, svg };
}

/** Whether the text has the form of a TOTP code (six digits, spaces allowed). */
export const looksLikeTotpCode = (text: string): boolean => /^\d{6}$/.test(text.replace(/\s/g, ''));

/**
 * The time step of `code` when it is right for `secret` now, one step
 * earlier or one later (clocks drift); undefined otherwise. A code of a step
 * at or before `afterStep` counts as wrong (taken already).
 */
export async function totpStepOf(
  secret: string,
  code: string,
  afterStep?: number | null,
): Promise<number | undefined> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  try {
    const result = await verify({
      secret,
      token,
      period: TOTP_PERIOD,
      epochTolerance: TOTP_PERIOD,
      ...(afterStep === null || afterStep === undefined ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes like `k7pq-2mzr-x9tf-a4hd` (about 78 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(16);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
  });
}

/** A recovery code as stored: lower-case without separators, hashed (SHA-256). */
export function recoveryCodeHash(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalised).digest('base64url');
}
