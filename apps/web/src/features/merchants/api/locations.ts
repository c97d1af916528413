/** The location endpoints (spec §7 "Merchants"), the CSV upload and its progress. */
import type {
  TLocation,
  TLocationImportJob,
  TLocationListResponse,
  TLocationSaveBody,
  TLocationUploadResponse,
} from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { merchantKeys, merchantPath } from '../../../shared/api/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';
import { uploadFile } from '../../../shared/api/upload';

/** How often the page asks for the progress of a running upload. */
export const IMPORT_POLL_MS = 700;

export function useLocations(id: string) {
  return useQuery({
    queryKey: merchantKeys.locations(id),
    queryFn: ({ signal }) =>
      apiRequestRequired<TLocationListResponse>({ path: merchantPath(id, '/locations'), signal }),
  });
}

export function useImportJob(id: string, jobId: string | undefined) {
  return useQuery({
    queryKey: merchantKeys.importJob(id, jobId ?? ''),
    queryFn: ({ signal }) =>
      apiRequestRequired<TLocationImportJob>({
        path: merchantPath(id, `/location-imports/${encodeURIComponent(jobId ?? '')}`),
        signal,
      }),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : IMPORT_POLL_MS),
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
      apiRequestRequired<{ location: TLocation }>({
        method: 'POST',
        path: merchantPath(
          id,
          locationId ? `/locations/${encodeURIComponent(locationId)}` : '/locations',
        ),
        json: body,
        quietStatuses: HANDLED_STATUSES,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.locations(id) }),
  });
}

export function useDeleteLocation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) =>
      apiRequestRequired<{ deleted: true }>({
        method: 'DELETE',
        path: merchantPath(id, `/locations/${encodeURIComponent(locationId)}`),
        quietStatuses: HANDLED_STATUSES,
      }),
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
