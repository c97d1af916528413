import { describe, expect, it } from 'vitest';
import { withFullStop } from './sentence.js';

describe('withFullStop (no double full stop after a name)', () => {
  it('ends a name with one full stop, and one ending in its own with none more', () => {
    expect(withFullStop('Modehaus Adler GmbH')).toBe('Modehaus Adler GmbH.');
    expect(withFullStop('Adler e.K.')).toBe('Adler e.K.');
    expect(withFullStop('Müller GmbH & Co. KG.')).toBe('Müller GmbH & Co. KG.');
    expect(withFullStop('Sportwelt Berger e.K. ')).toBe('Sportwelt Berger e.K.');
    expect(withFullStop('Warten …')).toBe('Warten …');
    expect(withFullStop('Yahoo!')).toBe('Yahoo!');
  });
});
