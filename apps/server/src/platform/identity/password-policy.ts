/**
 * What a new password must be (NIST SP 800-63B §3.1.1.2): at least 8
 * characters, not the person's address or a part of it, and not guessable
 * from lists of common passwords and words. zxcvbn-ts estimates the guesses
 * with English-common and German dictionaries; its dictionaries (several MB)
 * load on the first registration only, and only on the server.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { normaliseEmailText } from '@backoffice/domain';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * zxcvbn's score 3: more than 10^8 guesses ("safely unguessable: moderate
 * protection from an offline slow-hash scenario"); 2 lets "Sommer2024!" through.
 */
const MIN_SCORE = 3;
/** zxcvbn's run time grows with the length; the first characters decide the estimate. */
const CHECKED_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'contains_email' | 'too_common';

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, german] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-de'),
    ]);
    return new Factory({
      dictionary: { ...common.dictionary, ...german.dictionary },
      graphs: common.adjacencyGraphs,
      maxLength: CHECKED_LENGTH,
    });
  })();
  return estimator;
}

/** The parts of an address a password must not contain: the local part, with and without separators. */
function addressParts(email: string): string[] {
  const address = normaliseEmailText(email);
  const local = address.slice(0, Math.max(0, address.lastIndexOf('@')));
  const parts = [address, local, local.replace(/[._+-]/g, '')];
  return [...new Set(parts)].filter((part) => part.length >= 3);
}

/** Why a new password for the address is refused, or undefined when it is acceptable. */
export async function passwordProblem(
  password: string,
  email: string,
): Promise<PasswordProblem | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too_short';
  const plain = password.normalize('NFKC').toLowerCase();
  const parts = addressParts(email);
  if (parts.some((part) => plain.includes(part))) return 'contains_email';
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, parts);
  return result.score < MIN_SCORE ? 'too_common' : undefined;
}
