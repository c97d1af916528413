/**
 * The end of a sentence after a name: a name that ends in a full stop of its
 * own ("Adler e.K.", "Müller GmbH & Co. KG.") or in another sentence mark
 * takes no second one ("… für Adler e.K.", never "… für Adler e.K.."). Every
 * text that puts a name before a full stop ends with this (the web app's
 * i18next formatter `fullStop`, the server's texts).
 */
const SENTENCE_END = /[.!?…]$/u;

export function withFullStop(text: string): string {
  const trimmed = text.trimEnd();
  return SENTENCE_END.test(trimmed) ? trimmed : `${trimmed}.`;
}
