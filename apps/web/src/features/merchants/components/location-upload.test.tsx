// @vitest-environment jsdom
/**
 * The progress of a location import while the server restarts: the polls
 * that fail raise one alert between them, they back off while failing (not
 * one every 700 ms), and the progress moves on once the server is back,
 * which takes the alert away.
 */
import { LOCATION_CSV_TEMPLATE, type TLocationImportJob } from '@backoffice/domain';
import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../shared/testing/downloads';
import { fakeApi, ok } from '../../../shared/testing/fake-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { IMPORT_POLL_MS } from '../api/locations';
import { LocationUpload } from './location-upload';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const JOB = '33333333-3333-4333-8333-333333333333';
const JOB_PATH = `/merchants/${MERCHANT}/location-imports/${JOB}`;

const job = (processed: number, total = 10): TLocationImportJob => ({
  id: JOB,
  status: processed < total ? 'running' : 'done',
  total,
  processed,
  found: processed,
  not_found: 0,
});

const errorAlerts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].filter((alert) => alert.color === 'red');
};

beforeAll(async () => {
  await loadGermanTexts('merchants');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the template', () => {
  it('downloads through a link in the page, with one BOM, its URL revoked after the click', async () => {
    fakeApi(() => ok({ rows: [], import_job: null }));
    const downloads = catchDownloads();
    renderWithApp(<LocationUpload merchantIdent={MERCHANT} runningJob={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Vorlage herunterladen' }));

    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.fileName).toBe('standorte-vorlage.csv');
    expect(await download?.text()).toBe(`\uFEFF${LOCATION_CSV_TEMPLATE}`);
    expect(download?.linkInPage).toBe(true);
    expect(download?.revokedAtClick()).toBe(false);
  });
});

describe('the progress of an import while the server restarts', () => {
  it('alerts once, backs off, and shows the progress again when the server is back', async () => {
    vi.useFakeTimers();
    let now = 0;
    let processed = 2;
    const OUTAGE = { from: 1000, until: 11_000 };
    const api = fakeApi((request) => {
      if (request.path !== JOB_PATH) return ok({ rows: [], import_job: null });
      if (now >= OUTAGE.from && now < OUTAGE.until) return 'network';
      processed = Math.min(10, processed + 1);
      return ok(job(processed));
    });
    renderWithApp(<LocationUpload merchantIdent={MERCHANT} runningJob={job(2)} />);
    const step = async (ms: number) => {
      for (let end = now + ms; now < end; now += 100) await vi.advanceTimersByTimeAsync(100);
    };

    await step(OUTAGE.from);
    expect(screen.getByTestId('upload-progress').textContent).toContain('von 10 Adressen');

    await step(OUTAGE.until - OUTAGE.from);
    const failedPolls = api.callsTo('GET', JOB_PATH).length - 2;
    // Every 700 ms that would be 14 polls, each with its alert.
    expect(failedPolls).toBeGreaterThan(0);
    expect(failedPolls).toBeLessThanOrEqual(5);
    expect(errorAlerts()).toHaveLength(1);

    // Back: the polls resume at their pace and the import's progress is shown to its end.
    await step(12_000);
    expect(screen.getByTestId('upload-progress').textContent).toContain(
      '10 Standorte importiert: 10 gefunden, 0 nicht gefunden.',
    );
    // The alert that the progress could not be read is no longer true: it is gone.
    expect(errorAlerts()).toHaveLength(0);
    expect(IMPORT_POLL_MS).toBe(700);
  });
});
