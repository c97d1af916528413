/** Statuses whose answers the merchant pages explain themselves (no generic alert). */
export const HANDLED_STATUSES = [400, 403, 404, 409, 413, 422, 502] as const;
