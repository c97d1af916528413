// @vitest-environment jsdom
/**
 * The download of a campaign's codes goes through the app's one download
 * (`downloadText`): a link in the page, its object URL revoked only after
 * the click, and the file starts with one byte-order mark whether the
 * server's answer had one or not (reading it as text drops it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../shared/testing/downloads';
import { text } from '../../../shared/testing/msw/answers';
import { campaignHandlers } from '../../../shared/testing/msw/handlers/campaigns';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { downloadCodes } from './multiple-codes';

const CAMPAIGN = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('downloadCodes', () => {
  it.each([
    ['without', 'code;used\r\nHERBST-A1;nein'],
    ['with', '\uFEFFcode;used\r\nHERBST-A1;nein'],
  ])('saves the codes as a CSV file with one BOM (answer %s a BOM)', async (_, answer) => {
    const api = mockApi([campaignHandlers.downloadCodes(text(answer))]);
    const downloads = catchDownloads();
    await downloadCodes(CAMPAIGN);

    expect(api.calls.map((call) => call.path)).toEqual([
      `/campaigns/${CAMPAIGN}/multiple-codes/download`,
    ]);
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.fileName).toBe(`codes-${CAMPAIGN}.csv`);
    expect(await download?.text()).toBe('\uFEFFcode;used\r\nHERBST-A1;nein');
    expect(download?.linkInPage).toBe(true);
    expect(download?.revokedAtClick()).toBe(false);
  });
});
