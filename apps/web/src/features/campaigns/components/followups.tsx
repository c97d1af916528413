/** The followup campaigns of a campaign: list, create one, detach one (spec §2 "followup creation"). */
import { campaignFamily, editStep } from '@backoffice/domain';
import { ActionIcon, Card, Group, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CampaignTable,
  useCampaignColumns,
  type CampaignColumn,
} from '../../../shared/resources/campaigns/campaign-table';
import { paths } from '../../../shared/paths';
import { notifySuccess } from '../../../shared/ui/notify';
import { useFollowups } from '../api/get-followups';
import { useUnlinkFollowup } from '../api/unlink-followup';
import { CreateFollowupButton } from './create-followup-button';
import { usePhaseColumn } from './phase-column';

export interface FollowupsProps {
  campaignIdent: string;
  /** The campaign's title, as the follow-up's confirmation names it. */
  title: string;
  /**
   * Whether the user may create a follow-up (canCreateFollowup with the
   * level they act with): the server refuses it below merchant level 1, so
   * the button is not offered there.
   */
  canCreate: boolean;
}

export function Followups({ campaignIdent, title, canCreate }: FollowupsProps) {
  const { t } = useTranslation();
  const query = useFollowups(campaignIdent);
  const unlink = useUnlinkFollowup();
  const common = useCampaignColumns();
  const phase = usePhaseColumn();

  const columns: CampaignColumn[] = [
    common.title({
      to: (row) =>
        paths.campaigns.step(
          { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
          campaignFamily(row.type),
          editStep(row.current_status),
        ),
      linkLabel: (title) => t('campaigns.overview.openFollowup', { title }),
    }),
    common.type,
    common.status,
    phase,
    {
      id: 'actions',
      header: t('campaigns.fields.actions'),
      place: 'actions',
      cell: (row, title) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('campaigns.overview.unlinkFollowup', { title })}
          title={t('campaigns.overview.unlinkFollowup', { title })}
          loading={unlink.isPending && unlink.variables.followupIdent === row.uuid}
          onClick={() =>
            unlink.mutate(
              { id: campaignIdent, followupIdent: row.uuid },
              { onSuccess: () => notifySuccess(t('campaigns.alerts.followupUnlinked')) },
            )
          }
        >
          <IconLinkOff size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="followups">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="followups">
          {t('campaigns.overview.followups')}
        </Title>
        {canCreate && (
          <CreateFollowupButton
            campaignIdent={campaignIdent}
            title={title}
            size="xs"
            variant="light"
          />
        )}
      </Group>
      <CampaignTable
        query={query}
        columns={columns}
        label={t('campaigns.overview.followups')}
        rowTestId="followup"
        emptyText={t('campaigns.overview.followupsEmpty')}
        minWidth={560}
        cardsBelow={768}
        compact
      />
    </Card>
  );
}
