/**
 * Email addresses as identities: one written form per address, and no
 * address that looks like another one. Compatibility forms (full-width
 * letters) become their plain letters (NFKC), and the dot that may end a
 * domain name (the DNS root: "example.com." is example.com) is dropped;
 * invisible characters, letters of different scripts in one part (a
 * Cyrillic "ѕ" among Latin letters) and empty domain labels are refused.
 * The server adds IDNA for the domain (punycode), which needs Node's URL
 * support.
 */

/** The ideographic full stop, which IDNA reads as a dot between labels (NFKC makes the other forms "."). */
const IDEOGRAPHIC_FULL_STOP = /\u3002/g;

/**
 * trim, NFKC, lower case, and the domain's one final dot dropped: the form
 * every address is compared and stored in (before IDNA). Only one dot goes:
 * "example.com.." keeps an empty label, which isUnambiguousEmail refuses.
 */
export function normaliseEmailText(value: string): string {
  const text = value.trim().normalize('NFKC').toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const domain = text.slice(at + 1).replace(IDEOGRAPHIC_FULL_STOP, '.');
  return `${text.slice(0, at + 1)}${domain.endsWith('.') ? domain.slice(0, -1) : domain}`;
}

/** Controls, format characters (zero-width space, joiners, BOM), separators and other default-ignorables. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Scripts whose letters can pass for Latin ones or for each other; a letter of
 * any other script counts as 'Other'.
 */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Coptic', /\p{Script=Coptic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
  ['Hangul', /\p{Script=Hangul}/u],
];

/** Scripts written together (Unicode TR 39 "highly restrictive"): Latin with Japanese, Chinese or Korean. */
const TOGETHER: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const LETTER = /\p{L}/u;

function scriptOf(char: string): string {
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return 'Other';
}

/** Whether the letters of a text belong to one script (or to one of the combinations written together). */
export function isSingleScript(text: string): boolean {
  const scripts = new Set<string>();
  for (const char of text) {
    // Digits, marks and punctuation are common to all scripts.
    if (LETTER.test(char)) scripts.add(scriptOf(char));
  }
  if (scripts.size <= 1) return true;
  return TOGETHER.some((group) => [...scripts].every((script) => group.includes(script)));
}

/**
 * Whether a (normalised) address is unambiguous: no invisible character, a
 * local part and domain labels each written in one script, and no empty
 * domain label ("example..com", ".example.com", or "example.com." left from
 * "example.com.." by normaliseEmailText), which mail servers refuse and which
 * would make another written form of the domain without it.
 */
export function isUnambiguousEmail(address: string): boolean {
  if (INVISIBLE.test(address)) return false;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  return isSingleScript(local) && labels.every((label) => label !== '' && isSingleScript(label));
}
