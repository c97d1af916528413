// @vitest-environment jsdom
/**
 * The progress of a location import while the server restarts: the polls
 * that fail raise one alert between them, they back off while failing (not
 * one every 700 ms), and the progress moves on once the server is back,
 * which takes the alert away. While the geocoding service does not answer,
 * the progress says how many rows wait for another attempt, and the result
 * tells rows it never answered for apart from addresses not found.
 */
import { LOCATION_CSV_TEMPLATE, type TLocationImportJob } from '@backoffice/domain';
import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../shared/testing/downloads';
import { networkDown, ok } from '../../../shared/testing/msw/answers';
import { merchantHandlers } from '../../../shared/testing/msw/handlers/merchants';
import { mockApi } from '../../../shared/testing/msw/mock-api';
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
  geocoder_failed: 0,
  retrying: 0,
  next_retry_at: null,
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
    mockApi([merchantHandlers.all(ok({ rows: [], import_job: null }))]);
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
    const api = mockApi([
      merchantHandlers.getLocationImport((info) => {
        if (now >= OUTAGE.from && now < OUTAGE.until) return networkDown(info);
        processed = Math.min(10, processed + 1);
        return ok(job(processed))(info);
      }),
      merchantHandlers.all(ok({ rows: [], import_job: null })),
    ]);
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

describe('the progress while the geocoding service does not answer', () => {
  it('names the rows waiting for another attempt, and those given up apart from the misses', async () => {
    let answer: TLocationImportJob = {
      ...job(120, 200),
      retrying: 80,
      next_retry_at: '2026-03-02T13:05:00.000Z',
    };
    mockApi([
      merchantHandlers.getLocationImport((info) => ok(answer)(info)),
      merchantHandlers.all(ok({ rows: [], import_job: null })),
    ]);
    renderWithApp(<LocationUpload merchantIdent={MERCHANT} runningJob={answer} />);
    const progress = await screen.findByTestId('upload-progress');
    await waitFor(() =>
      expect(progress.textContent).toContain(
        '80 Adressen warten auf einen neuen Versuch, weil der Geocoding-Dienst nicht antwortet (nächster Versuch: 02.03.2026 14:05).',
      ),
    );
    expect(progress.textContent).toContain('120 von 200 Adressen geocodiert');
    expect(progress.textContent).not.toContain('nicht gefunden');

    answer = {
      ...job(200, 200),
      found: 195,
      not_found: 2,
      geocoder_failed: 3,
    };
    await waitFor(
      () =>
        expect(progress.textContent).toContain(
          '200 Standorte importiert: 195 gefunden, 2 nicht gefunden.',
        ),
      { timeout: 3000 },
    );
    expect(progress.textContent).toContain(
      '3 Adressen konnten nicht geprüft werden, weil der Geocoding-Dienst auch nach mehreren Versuchen nicht antwortete.',
    );
    expect(progress.textContent).not.toContain('warten auf einen neuen Versuch');
  });
});
