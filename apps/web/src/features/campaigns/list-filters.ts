/**
 * The campaign list's filters live in the URL (docs/product.md#the-campaign-list "list, which accepts
 * query filter_status and filter_type"), so that a filtered list can be
 * bookmarked and the dashboard's links land on it. Unknown values are dropped,
 * and so are types the user may not use (tips, docs/product.md#roles-and-access).
 */
import {
  CAMPAIGN_ORDER_OPTIONS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TYPES,
  RUNTIME_FILTERS,
  TYPE_FILTERS,
  campaignFamily,
  canUseCampaignType,
  type Actor,
  type CampaignOrderOption,
  type TypeFilter,
} from '@backoffice/domain';
import type { CampaignListFilters } from '../../shared/paths';

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const MAX_TEXT_LENGTH = 200;

/**
 * The type filter's values for a user: a type, or a family, of which the user
 * may use at least one type (canUseCampaignType). The server leaves tips out
 * of the list for everyone else, so a tip filter would only ever show nothing.
 */
export function typeFiltersFor(actor: Actor): TypeFilter[] {
  return TYPE_FILTERS.filter((value) =>
    CAMPAIGN_TYPES.some(
      (type) =>
        (type === value || campaignFamily(type) === value) && canUseCampaignType(actor, type),
    ),
  );
}

export function parseListFilters(search: URLSearchParams, actor: Actor): CampaignListFilters {
  const filters: CampaignListFilters = {};
  const status = oneOf(CAMPAIGN_STATUSES, search.get('filter_status'));
  if (status) filters.filter_status = status;
  const type = oneOf(typeFiltersFor(actor), search.get('filter_type'));
  if (type) filters.filter_type = type;
  const runtime = oneOf(RUNTIME_FILTERS, search.get('filter_runtime'));
  if (runtime) filters.filter_runtime = runtime;
  const order = oneOf<CampaignOrderOption>(CAMPAIGN_ORDER_OPTIONS, search.get('order_by'));
  if (order) filters.order_by = order;
  const text = search.get('filter_campaign')?.trim().slice(0, MAX_TEXT_LENGTH);
  if (text) filters.filter_campaign = text;
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  return filters;
}

/** A changed filter starts again on page 1; changing only the page keeps the filters. */
export function withFilter(
  filters: CampaignListFilters,
  change: Partial<CampaignListFilters>,
): CampaignListFilters {
  const merged: CampaignListFilters = { ...filters, ...change };
  if (!('page' in change)) merged.page = undefined;
  return Object.fromEntries(
    Object.entries(merged).filter(([, value]) => value !== undefined && value !== ''),
  );
}
