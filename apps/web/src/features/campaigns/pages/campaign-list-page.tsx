/**
 * /{merchantIdent}/campaigns/list (docs/product.md#the-campaign-list): filters kept in
 * the URL, the table of campaigns with their actions, and a footer with the
 * create button and the pager.
 */
import { effectiveMerchantLevel } from '@backoffice/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { ListPage } from '../../../shared/ui/list-page';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignListFilters } from '../components/campaign-list-filters';
import { CampaignListTable } from '../components/campaign-list-table';
import { parseListFilters, withFilter } from '../list-filters';

export function CampaignListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { merchantIdent = '' } = useParams();
  const [search] = useSearchParams();
  const { user, merchant } = useSession();
  const userLevel = user?.level ?? 'other';
  const filters = useMemo(
    () => parseListFilters(search, { level: userLevel }),
    [search, userLevel],
  );
  const level = effectiveMerchantLevel(
    userLevel,
    merchant?.uuid === merchantIdent ? merchant.level : undefined,
  );
  const current = useCampaigns({ ...filters, exact_merchant: merchantIdent });
  // A new page of rows (a table of menus, badges and images) renders as a
  // transition, in slices, while the table shows what it had.
  const query = useDeferredValue(current);

  return (
    <ListPage
      title={t('campaigns.list.title')}
      busy={query.isFetching}
      filters={<CampaignListFilters merchantIdent={merchantIdent} filters={filters} />}
    >
      <CampaignListTable
        query={query}
        level={level}
        paging={{
          pager: query.data?.pager,
          page: filters.page ?? 1,
          onPage: (page) =>
            void navigate(paths.campaigns.list({ merchantIdent }, withFilter(filters, { page }))),
        }}
        footer={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.campaigns.create({ merchantIdent })}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('campaigns.actions.create')}
            </Button>
            {query.data && (
              <Text size="sm" c="dimmed">
                {t(
                  query.data.pager.total_entries_estimated
                    ? 'campaigns.list.totalAbout'
                    : 'campaigns.list.total',
                  { count: query.data.pager.total_entries },
                )}
              </Text>
            )}
          </Group>
        }
      />
    </ListPage>
  );
}

export { CampaignListPage as Component };
