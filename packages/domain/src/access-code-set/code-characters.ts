/**
 * The characters a code may hold, whichever way it comes in: an access code
 * or a campaign code, pasted, uploaded or sent as a list. A code is typed by
 * a consumer or compared with what the consumer app reports, so it holds
 * only characters a person sees and can type: no control characters (C0,
 * DEL, C1), no format characters (zero-width space and joiners, the
 * byte-order mark, the soft hyphen, bidirectional overrides that reorder
 * what is shown), no other characters that render as nothing (Hangul
 * fillers, variation selectors), no line or paragraph separators, no spaces
 * but the plain one (a no-break space looks like a space but is never what
 * anyone types), no private-use, unassigned or lone surrogate code points,
 * and no U+FFFD, which stands for bytes a decoder could not read. Any of
 * these makes two codes look the same or a code impossible to enter.
 */

const HIDDEN = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\uFFFD]|[^\P{Zs} ]/u;

/** Whether every character of a code is one a person sees and can type (the one rule for codes). */
export const isTypeableCode = (code: string): boolean => !HIDDEN.test(code);
