/**
 * A campaign page's state before it has its campaign: a spinner while it
 * loads, else the not-found notice with the way back to the list.
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { StateNotice } from '../../../shared/ui/state-notice';

export function CampaignLoadState({
  loading,
  merchantIdent,
}: {
  loading: boolean;
  merchantIdent: string;
}) {
  const { t } = useTranslation();
  if (loading) return <StateNotice state="loading" />;
  return (
    <StateNotice
      state="not-found"
      text={t('campaigns.overview.notFound')}
      action={
        <Button component={Link} to={paths.campaigns.list({ merchantIdent })} variant="light">
          {t('campaigns.actions.backToList')}
        </Button>
      }
    />
  );
}
