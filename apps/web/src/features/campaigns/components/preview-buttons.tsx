/** The two ways to look at a campaign as participants will: in the app's frame, and its preview link. */
import type { TCampaign } from '@backoffice/domain';
import { Button } from '@mantine/core';
import { IconDeviceMobile, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

export function PreviewButtons({
  merchantIdent,
  campaign,
}: {
  merchantIdent: string;
  campaign: Pick<TCampaign, 'uuid' | 'preview_link'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={Link}
        to={paths.campaigns.viewInApp({ merchantIdent, campaignIdent: campaign.uuid })}
        variant="light"
        leftSection={<IconDeviceMobile size={16} aria-hidden />}
      >
        {t('campaigns.actions.viewInApp')}
      </Button>
      <Button
        component="a"
        href={campaign.preview_link}
        target="_blank"
        rel="noopener noreferrer"
        variant="default"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        {t('campaigns.actions.openPreview')}
      </Button>
    </>
  );
}
