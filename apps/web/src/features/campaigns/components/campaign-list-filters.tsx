/**
 * The campaign list's filters (spec §2 "Campaign list"), kept in the URL:
 * type, status, runtime and order change it at once, the text once typing
 * pauses; a changed filter starts again on page 1.
 */
import {
  CAMPAIGN_ORDER_FIELDS,
  CAMPAIGN_STATUSES,
  RUNTIME_FILTERS,
  type CampaignOrderOption,
  type CampaignStatus,
  type RuntimeFilter,
  type TypeFilter,
} from '@backoffice/domain';
import { NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { campaignTypeLabel } from '../../../shared/resources/campaigns/campaign-type-label';
import { paths, type CampaignListFilters as Filters } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { typeFiltersFor, withFilter } from '../list-filters';

/** Typing pauses this long before the campaign text filter asks the server (spec §9). */
export const CAMPAIGN_FILTER_DEBOUNCE_MS = 500;

export interface CampaignListFiltersProps {
  merchantIdent: string;
  /** The filters the URL holds. */
  filters: Filters;
}

export function CampaignListFilters({ merchantIdent, filters }: CampaignListFiltersProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  // Tips only for those who may use them: the server lists none for anyone else.
  const typeFilters = typeFiltersFor({ level: user?.level ?? 'other' });
  const change = (patch: Partial<Filters>) =>
    void navigate(paths.campaigns.list({ merchantIdent }, withFilter(filters, patch)));

  // The text filter: typed locally, written to the URL once typing pauses.
  const urlText = filters.filter_campaign ?? '';
  const [text, setText] = useState(urlText);
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (urlText !== seenUrlText) {
    // The URL changed from outside (back button, a link): show its text.
    setSeenUrlText(urlText);
    if (urlText !== text.trim()) setText(urlText);
  }
  const [debouncedText] = useDebouncedValue(text.trim(), CAMPAIGN_FILTER_DEBOUNCE_MS);
  const settled = debouncedText === text.trim();
  useEffect(() => {
    if (!settled || debouncedText === urlText) return;
    void navigate(
      paths.campaigns.list(
        { merchantIdent },
        withFilter(filters, { filter_campaign: debouncedText || undefined }),
      ),
      { replace: true },
    );
  }, [settled, debouncedText, urlText, filters, merchantIdent, navigate]);

  const orderOptions = CAMPAIGN_ORDER_FIELDS.flatMap((field) => [
    {
      value: field,
      label: t('campaigns.order.ascending', { field: t(`campaigns.orderFields.${field}`) }),
    },
    {
      value: `-${field}`,
      label: t('campaigns.order.descending', { field: t(`campaigns.orderFields.${field}`) }),
    },
  ]);
  const all = { value: '', label: t('campaigns.list.all') };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('campaigns.list.filters')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput
          label={t('campaigns.list.filterCampaign')}
          placeholder={t('campaigns.list.filterCampaignPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('campaigns.list.filterType')}
          value={filters.filter_type ?? ''}
          onChange={(event) =>
            change({ filter_type: (event.currentTarget.value || undefined) as TypeFilter })
          }
          data={[
            all,
            ...typeFilters.map((value) => ({
              value,
              label:
                value === 'coupon' || value === 'tip'
                  ? t(`campaigns.typeFilters.${value}`)
                  : campaignTypeLabel(t, value),
            })),
          ]}
        />
        <NativeSelect
          label={t('campaigns.list.filterStatus')}
          value={filters.filter_status ?? ''}
          onChange={(event) =>
            change({ filter_status: (event.currentTarget.value || undefined) as CampaignStatus })
          }
          data={[
            all,
            ...CAMPAIGN_STATUSES.map((value) => ({
              value,
              label: t(`campaigns.statuses.${value}`),
            })),
          ]}
        />
        <NativeSelect
          label={t('campaigns.list.filterRuntime')}
          value={filters.filter_runtime ?? ''}
          onChange={(event) =>
            change({ filter_runtime: (event.currentTarget.value || undefined) as RuntimeFilter })
          }
          data={[
            all,
            ...RUNTIME_FILTERS.map((value) => ({ value, label: t(`campaigns.phases.${value}`) })),
          ]}
        />
        <NativeSelect
          label={t('campaigns.list.order')}
          value={filters.order_by ?? 'valid_from'}
          onChange={(event) =>
            change({ order_by: event.currentTarget.value as CampaignOrderOption })
          }
          data={orderOptions}
        />
      </SimpleGrid>
    </Paper>
  );
}
