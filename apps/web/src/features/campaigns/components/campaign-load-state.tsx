/**
 * A campaign page's state before it has its campaign (the shared QueryState):
 * a spinner while it loads, the not-found notice with the way back to the
 * list when the server answered 404, else the failed load with another try.
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { QueryState, type LoadingQuery } from '../../../shared/ui/query-state';
import { StateNotice } from '../../../shared/ui/state-notice';

export function CampaignLoadState({
  query,
  merchantIdent,
}: {
  query: LoadingQuery;
  merchantIdent: string;
}) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      notFound={
        <StateNotice
          state="not-found"
          text={t('campaigns.overview.notFound')}
          action={
            <Button component={Link} to={paths.campaigns.list({ merchantIdent })} variant="light">
              {t('campaigns.actions.backToList')}
            </Button>
          }
        />
      }
    />
  );
}
