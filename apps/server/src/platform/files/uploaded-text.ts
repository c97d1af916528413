/**
 * The text of an uploaded text or CSV file (campaign codes, locations).
 *
 * The encoding is told apart by decoding: a file that is valid UTF-8 is
 * UTF-8 (the decoder drops a BOM); anything else is read as Windows-1252
 * (Excel's "CSV" on German Windows), which gives every byte a character, so
 * it cannot fail. Text with umlauts in Windows-1252 is practically never
 * valid UTF-8 ("ü" is the single byte FC, which UTF-8 never has on its own),
 * so the order decides without guessing from statistics. UTF-8 uses Node's
 * own decoder; Windows-1252 uses iconv-lite, because Node 20's TextDecoder
 * reads it as Latin-1 (0x80 becomes a control character instead of "€",
 * nodejs/node#60888). iconv-lite and its tables load with the first file
 * that is not UTF-8, not with every start of the server. A UTF-8 BOM in
 * front of a file that is not UTF-8 further on (a UTF-8 file with lines
 * appended in Windows-1252) is dropped too, never read as "ï»¿" into the
 * first code or the first column name. A file that starts with a UTF-16
 * byte-order mark (Excel's "Unicode-Text", older Notepad's "Unicode") is
 * UTF-16 in that byte order.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const UTF16_BOMS = [
  { bom: [0xff, 0xfe], encoding: 'utf-16le' },
  { bom: [0xfe, 0xff], encoding: 'utf-16be' },
] as const;

const startsWith = (data: Uint8Array, bom: readonly number[]): boolean =>
  bom.every((byte, index) => data[index] === byte);

const startsWithUtf8Bom = (data: Uint8Array): boolean => startsWith(data, UTF8_BOM);

export async function decodeUploadedText(data: Uint8Array): Promise<string> {
  const utf16 = UTF16_BOMS.find(({ bom }) => startsWith(data, bom));
  // The decoder drops the byte-order mark; an unpaired surrogate becomes U+FFFD.
  if (utf16) return new TextDecoder(utf16.encoding).decode(data);
  try {
    return utf8.decode(data);
  } catch {
    const { default: iconv } = await import('iconv-lite');
    const body = startsWithUtf8Bom(data) ? data.subarray(UTF8_BOM.length) : data;
    return iconv.decode(Buffer.from(body), 'windows-1252');
  }
}

const CSV_DELIMITERS = [';', ',', '\t'] as const;

/**
 * The separator of a CSV by its first line: the one it uses most, semicolons
 * on a tie (Excel on German Windows writes semicolons, its "Unicode-Text" tabs).
 */
export function csvDelimiterOf(firstLine: string): (typeof CSV_DELIMITERS)[number] {
  const uses = (delimiter: string) => firstLine.split(delimiter).length;
  return CSV_DELIMITERS.reduce((best, next) => (uses(next) > uses(best) ? next : best));
}

/**
 * The text of an uploaded text file, or undefined when it holds a NUL
 * character: no text file has one, while nearly every binary file (an image,
 * a spreadsheet, a PDF) and UTF-16 without its byte-order mark do. Other
 * control characters are judged where the text is read, line by line: a code
 * holding one is refused with its line, as a pasted one is (isTypeableCode
 * in the domain's access-code-set/code-characters.ts).
 */
export async function decodeTextFile(data: Uint8Array): Promise<string | undefined> {
  const text = await decodeUploadedText(data);
  return text.includes('\u0000') ? undefined : text;
}
