/** Format checks of the merchant profile run after the length check, never on a text over it. */
import { describe, expect, it } from 'vitest';
import { URL_MAX_LENGTH, ZMerchantProfileInput, isHttpUrl, isValidEmail } from './profile.js';

const profile = (changes: object) => ZMerchantProfileInput.safeParse({ name: 'Adler', ...changes });

describe('merchant profile formats', () => {
  it('answers a URL over the field limit with too_long alone', () => {
    const long = `http://${'a.'.repeat(URL_MAX_LENGTH)}@`;
    const refused = profile({ website: long, social: { facebook: long } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['website', 'too_long'],
      ['social.facebook', 'too_long'],
    ]);
  });

  it('answers an e-mail address over the field limit with too_long alone', () => {
    const refused = profile({ email: `a@${'a.'.repeat(200)}@` });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['too_long']);
  });

  it('still knows a URL and an e-mail address from other texts', () => {
    expect(isHttpUrl('https://www.example.com/angebote?x=1#oben')).toBe(true);
    expect(isHttpUrl('http://example.com:8080')).toBe(true);
    expect(isHttpUrl('https://example')).toBe(false);
    expect(isHttpUrl('https://.example.com')).toBe(false);
    expect(isHttpUrl('https://user@example.com')).toBe(false);
    expect(isHttpUrl(`https://example.com/${'a'.repeat(URL_MAX_LENGTH)}`)).toBe(false);
    expect(isValidEmail('info@baeckerei.example.de')).toBe(true);
    expect(isValidEmail('info@localhost')).toBe(false);
    expect(isValidEmail('info@.example.de')).toBe(false);
    expect(isValidEmail('in fo@example.de')).toBe(false);
  });

  it('checks phone contacts like the telephone field: a country prefix, spaces ignored', () => {
    const parsed = profile({
      contacts: [
        { type: 'phone', value: '+49 89 123 456' },
        { type: 'fax', value: '0043 1 234 567' },
        { type: 'other', value: 'Frau Huber, vormittags' },
      ],
    });
    expect(parsed.data?.contacts.map((contact) => contact.value)).toEqual([
      '+4989123456',
      '00431234567',
      'Frau Huber, vormittags',
    ]);
    const refused = profile({
      contacts: [
        { type: 'mobile', value: '0171 234567' },
        { type: 'email', value: 'info at example.de' },
        { type: 'phone', value: '' },
      ],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['contacts.0.value', 'invalid_phone'],
      ['contacts.1.value', 'invalid_email'],
      ['contacts.2.value', 'contact_value_missing'],
    ]);
  });
});

describe('co-registration terms', () => {
  it('are asked for together with every other invalid field, not only once the rest is valid', () => {
    const refused = ZMerchantProfileInput.safeParse({
      name: '',
      coreg_enabled: true,
      coreg_terms: { sponsor_name: 'Adler', unsubscribe_email: '', privacy_url: '' },
      contacts: [{ type: '', value: '' }],
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'required'],
      ['contacts.0.type', 'contact_type_missing'],
      ['contacts.0.value', 'contact_value_missing'],
      ['coreg_terms.unsubscribe_email', 'required'],
      ['coreg_terms.privacy_url', 'required'],
      ['coreg_terms.contact_text', 'required'],
    ]);
  });

  it('are not asked for while co-registration is off', () => {
    expect(profile({ coreg_enabled: false }).success).toBe(true);
  });
});
