/** Query keys of the merchant feature; invalidate by prefix (e.g. merchantFeatureKeys.detail(id)). */
export const merchantFeatureKeys = {
  all: ['merchant-feature'] as const,
  detail: (id: string) => [...merchantFeatureKeys.all, id] as const,
  accounts: (id: string) => [...merchantFeatureKeys.detail(id), 'accounts'] as const,
  locations: (id: string) => [...merchantFeatureKeys.detail(id), 'locations'] as const,
  importJob: (id: string, jobId: string) =>
    [...merchantFeatureKeys.locations(id), 'import', jobId] as const,
  notifications: (id: string) => [...merchantFeatureKeys.detail(id), 'notifications'] as const,
};

export const merchantPath = (id: string, suffix = ''): string =>
  `/merchants/${encodeURIComponent(id)}${suffix}`;

/** Statuses whose answers the merchant pages explain themselves (no generic alert). */
export const HANDLED_STATUSES = [400, 403, 404, 409, 413, 422, 502] as const;
