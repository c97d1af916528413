import { describe, expect, it } from 'vitest';
import { collectCodes, isValidCode } from '../campaign/codes.js';
import { collectAccessCodes } from './access-code-set.js';
import { isTypeableCode } from './code-characters.js';

/** Characters that make a code look like another one or impossible to type. */
const HIDDEN = {
  nul: '\u0000',
  startOfHeading: '\u0001',
  escape: '\u001B',
  delete: '\u007F',
  c1NextLine: '\u0085',
  c1Csi: '\u009B',
  zeroWidthSpace: '\u200B',
  zeroWidthJoiner: '\u200D',
  wordJoiner: '\u2060',
  byteOrderMark: '\uFEFF',
  softHyphen: '\u00AD',
  rightToLeftOverride: '\u202E',
  hangulFiller: '\u3164',
  variationSelector: '\uFE0F',
  lineSeparator: '\u2028',
  noBreakSpace: '\u00A0',
  ideographicSpace: '\u3000',
  privateUse: '\uE000',
  loneSurrogate: '\uD800',
  replacementCharacter: '\uFFFD',
  tab: '\t',
} as const;

describe('the characters of a code', () => {
  it('refuses control, format, invisible and look-alike space characters anywhere in a code', () => {
    for (const [name, char] of Object.entries(HIDDEN)) {
      for (const code of [`SOM${char}MER`, `${char}SOMMER`, `SOMMER${char}`]) {
        expect(isTypeableCode(code), `${name} in ${JSON.stringify(code)}`).toBe(false);
      }
    }
  });

  it('takes visible letters, digits, punctuation and symbols of any script, and the plain space', () => {
    for (const code of ['SOMMER-2026', 'Ä€ß_!', 'МОСКВА1', '夏2026', 'A B', '🎉PARTY']) {
      expect(isTypeableCode(code), code).toBe(true);
    }
  });

  it('lists the access-code lines that hold such a character, pasted or uploaded alike', () => {
    const lines = collectAccessCodes(['Code', 'GUT-1', `BAD\u0001`, '', `B\u200BAD`, 'GUT-2']);
    expect(lines).toEqual({
      codes: ['GUT-1', 'GUT-2'],
      repeated: 0,
      blankLines: 2,
      tooLong: [],
      untypeable: [3, 5],
    });
    // A C1 control (what Windows-1252's undefined bytes can become) counts as well.
    expect(collectAccessCodes(['A\u0085B']).untypeable).toEqual([1]);
  });

  it('is the campaign codes’ rule too', () => {
    for (const [name, char] of Object.entries(HIDDEN)) {
      expect(isValidCode(`SOM${char}MER`), name).toBe(false);
    }
    expect(collectCodes(['GUT', `B\u3164AD`]).invalidLines).toEqual([2]);
  });
});
