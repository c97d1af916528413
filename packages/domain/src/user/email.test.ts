import { describe, expect, it } from 'vitest';
import { ZAccountEmail } from '../api/accounts.js';
import { isSingleScript, isUnambiguousEmail, normaliseEmailText } from './email.js';

describe('email addresses as identities', () => {
  it('normalises compatibility forms and case (NFKC, lower case)', () => {
    expect(normaliseEmailText('  \uFF53ilver@Example.COM ')).toBe('silver@example.com');
    expect(normaliseEmailText('silver@example\uFF0Ecom')).toBe('silver@example.com');
  });

  it('drops the one dot that may end a domain, in every way of writing it', () => {
    for (const dotted of [
      'silver@example.com.',
      ' Silver@Example.COM. ',
      'silver@example.com\uFF0E',
      'silver@example.com\u3002',
      'silver@example.com\uFF61',
    ]) {
      expect(normaliseEmailText(dotted), dotted).toBe('silver@example.com');
    }
    expect(normaliseEmailText('silver@example\u3002com')).toBe('silver@example.com');
    // The local part keeps its dots; an address without a domain stays as it is.
    expect(normaliseEmailText('silver.@example.com')).toBe('silver.@example.com');
    expect(normaliseEmailText('silver.')).toBe('silver.');
  });

  it('refuses empty domain labels, also those left after the final dot is dropped', () => {
    for (const address of [
      'silver@example.com..',
      'silver@example..com',
      'silver@.example.com',
      'silver@.',
      'silver@..',
    ]) {
      const normal = normaliseEmailText(address);
      expect(isUnambiguousEmail(normal), `${address} as ${normal}`).toBe(false);
    }
    expect(isUnambiguousEmail(normaliseEmailText('silver@example.com.'))).toBe(true);
  });

  it('refuses invisible characters anywhere', () => {
    for (const invisible of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']) {
      expect(isUnambiguousEmail(`sil${invisible}ver@example.com`), invisible).toBe(false);
      expect(isUnambiguousEmail(`silver@exa${invisible}mple.com`), invisible).toBe(false);
    }
  });

  it('refuses letters of different scripts in the local part and in a domain label', () => {
    expect(isUnambiguousEmail('\u0455ilver@example.com')).toBe(false);
    expect(isUnambiguousEmail('silver@ex\u0430mple.com')).toBe(false);
    expect(isUnambiguousEmail('\u03BFwner@example.com')).toBe(false);
  });

  it('accepts addresses written in one script, with digits and punctuation', () => {
    for (const address of [
      'silver@example.com',
      'jürgen.müller-2@bücher.de',
      '\u0438\u0432\u0430\u043D@\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444',
      'taro.\u5C71\u7530\u305F\u308D\u3046@example.jp',
    ]) {
      expect(isUnambiguousEmail(address), address).toBe(true);
    }
    expect(isSingleScript('abc123-_.')).toBe(true);
  });

  it('answers invalid_value for a look-alike and email_required for no address at all', () => {
    const issues = (value: string) =>
      ZAccountEmail.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(issues('\u0455ilver@example.com')).toEqual(['invalid_value']);
    expect(issues('sil\u200Bver@example.com')).toEqual(['invalid_value']);
    expect(issues('keine-adresse')).toEqual(['email_required']);
    expect(ZAccountEmail.parse(' \uFF53ilver@Example.com')).toBe('silver@example.com');
    expect(ZAccountEmail.parse('silver@example.com.')).toBe('silver@example.com');
    expect(issues('silver@example.com..')).toEqual(['invalid_value']);
    expect(issues('silver@example..com')).toEqual(['invalid_value']);
    expect(issues('silver@.')).toEqual(['email_required']);
  });
});
