// @vitest-environment jsdom
/**
 * The one way the app hands a file to the browser: a link in the page,
 * clicked, and its object URL revoked once the download has started.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText, spreadsheetCsv, withBom } from './csv';
import { catchDownloads } from './testing/downloads';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadText', () => {
  it('clicks a link in the page and revokes its URL only after the download has started', async () => {
    const downloads = catchDownloads();
    downloadText('a;b\r\n1;2', 'zahlen.csv');

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.fileName).toBe('zahlen.csv');
    expect(download?.linkInPage).toBe(true);
    expect(download?.blob?.type).toBe('text/csv;charset=utf-8');
    expect(await download?.text()).toBe('a;b\r\n1;2');
    // The link is gone at once, the URL a task later.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(download?.revokedAtClick()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(download?.revoked()).toBe(true);
  });

  it('takes another type', async () => {
    const downloads = catchDownloads();
    downloadText('{}', 'daten.json', 'application/json');
    expect(downloads[0]?.blob?.type).toBe('application/json');
    expect(await downloads[0]?.text()).toBe('{}');
  });
});

describe('withBom', () => {
  it('puts one byte-order mark before the text, also when it has one', () => {
    expect(withBom('a;b')).toBe('\uFEFFa;b');
    expect(withBom('\uFEFFa;b')).toBe('\uFEFFa;b');
    expect(withBom('')).toBe('\uFEFF');
  });

  it('is how spreadsheet CSVs start', () => {
    expect(spreadsheetCsv(['a'], [['1']])).toBe('\uFEFFa\r\n1');
  });
});
