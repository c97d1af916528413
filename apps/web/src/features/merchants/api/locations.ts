/** The location endpoints (docs/product.md#api-calls "Merchants"), the CSV upload and its progress. */
import type {
  TLocationImportJob,
  TLocationListResponse,
  TLocationSaveBody,
  TLocationUploadResponse,
} from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { answer, api, call } from '../../../shared/api/client';
import { REQUEST_TIMEOUT_MS } from '../../../shared/api/request';
import { merchantKeys, merchantPath } from '../../../shared/resources/merchants/merchant-keys';
import { getConfig } from '../../../shared/config/runtime-config';
import { HANDLED_STATUSES } from './handled-statuses';
import { uploadFile } from '../../../shared/api/upload';

/** How often the page asks for the progress of a running upload. */
export const IMPORT_POLL_MS = 700;
/** The longest pause between two asks while they fail (the server restarts, the line is down). */
export const IMPORT_POLL_MAX_MS = 10_000;

/**
 * The pause before the next ask for the progress: doubling with each failed
 * ask in a row, back to the usual once one is answered.
 */
export function importPollMs(failuresInRow: number): number {
  return Math.min(IMPORT_POLL_MS * 2 ** failuresInRow, IMPORT_POLL_MAX_MS);
}

/**
 * How long a location save waits for its answer: the usual request time plus
 * the longest the server's geocoding of the address may take (the runtime
 * config's figure, from GEOCODER_TIMEOUT_MS and Nominatim's pause), so that
 * the server's 'address not found' (and with it 'Trotzdem verwenden') arrives
 * before the app gives up.
 */
export function locationSaveTimeoutMs(): number {
  return REQUEST_TIMEOUT_MS + getConfig().geocodeLimitMs;
}

export function useLocations(id: string) {
  return useQuery({
    queryKey: merchantKeys.locations(id),
    queryFn: ({ signal }) =>
      answer<TLocationListResponse>(
        api.GET('/api/merchants/{id}/locations', { params: { path: { id } }, signal }),
      ),
  });
}

export function useImportJob(id: string, jobId: string | undefined) {
  // Failed asks in a row; TanStack Query counts a query's failures per fetch only.
  const failures = useRef(0);
  return useQuery({
    queryKey: merchantKeys.importJob(id, jobId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        const job = await answer<TLocationImportJob>(
          api.GET('/api/merchants/{id}/location-imports/{jobId}', {
            params: { path: { id, jobId: jobId ?? '' } },
            signal,
            // The first failure of a run is alerted; the asks that follow it
            // while the server is away add no alert of their own.
            ...call({ silent: failures.current > 0 }),
          }),
        );
        failures.current = 0;
        return job;
      } catch (error) {
        failures.current += 1;
        throw error;
      }
    },
    enabled: jobId !== undefined,
    // Asked until the job is done, also after failures (the progress comes back with the server).
    refetchInterval: (query) =>
      query.state.data?.status === 'done' ? false : importPollMs(failures.current),
  });
}

export function useSaveLocation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      locationId,
      body,
    }: {
      locationId: string | undefined;
      body: TLocationSaveBody;
    }) =>
      answer(
        locationId
          ? api.POST('/api/merchants/{id}/locations/{locId}', {
              params: { path: { id, locId: locationId } },
              body,
              ...call({ quietStatuses: HANDLED_STATUSES, timeoutMs: locationSaveTimeoutMs() }),
            })
          : api.POST('/api/merchants/{id}/locations', {
              params: { path: { id } },
              body,
              ...call({ quietStatuses: HANDLED_STATUSES, timeoutMs: locationSaveTimeoutMs() }),
            }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.locations(id) }),
  });
}

export function useDeleteLocation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) =>
      answer(
        api.DELETE('/api/merchants/{id}/locations/{locId}', {
          params: { path: { id, locId: locationId } },
          ...call({ quietStatuses: HANDLED_STATUSES }),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.locations(id) }),
  });
}

export function useUploadLocations(id: string) {
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<TLocationUploadResponse>(merchantPath(id, '/multiple-locations'), file, {
        quietStatuses: HANDLED_STATUSES,
      }),
  });
}
