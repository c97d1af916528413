import { describe, expect, it } from 'vitest';
import { slugOf } from './slug.js';

describe('slugOf', () => {
  it('spells out German umlauts and ß, drops other accents and signs', () => {
    expect(slugOf('Bäckerei Süß & Co. GmbH')).toBe('baeckerei-suess-co-gmbh');
    expect(slugOf('  Café Silberblick KG ')).toBe('cafe-silberblick-kg');
    expect(slugOf('Renée Öztürk')).toBe('renee-oeztuerk');
    expect(slugOf('ÄRZTE-Zentrum 24/7')).toBe('aerzte-zentrum-24-7');
  });

  it('keeps a name written in capitals inside one word', () => {
    expect(slugOf('McDonald GmbH')).toBe('mcdonald-gmbh');
  });

  it('is empty when nothing of the name is left', () => {
    expect(slugOf('&&& ---')).toBe('');
    expect(slugOf('')).toBe('');
  });
});
