/** The followup campaigns of a campaign: list, create one, detach one (spec §2 "followup creation"). */
import { campaignFamily, editStep } from '@backoffice/domain';
import { ActionIcon, Button, Card, Group, Title } from '@mantine/core';
import { IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CampaignTable,
  useCampaignColumns,
  type CampaignColumn,
} from '../../../shared/campaigns/campaign-table';
import { paths } from '../../../shared/paths';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateFollowup } from '../api/create-followup';
import { useFollowups } from '../api/get-followups';
import { useUnlinkFollowup } from '../api/unlink-followup';
import { usePhaseColumn } from './phase-column';
import { busyUntilLeft } from '../../../shared/api/leaving-mutation';

export interface FollowupsProps {
  campaignIdent: string;
  /**
   * Whether the user may create a follow-up (canCreateFollowup with the
   * level they act with): the server refuses it below merchant level 1, so
   * the button is not offered there.
   */
  canCreate: boolean;
}

export function Followups({ campaignIdent, canCreate }: FollowupsProps) {
  const { t } = useTranslation();
  const query = useFollowups(campaignIdent);
  const navigate = useNavigate();
  const create = useCreateFollowup();
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
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            loading={busyUntilLeft(create)}
            onClick={() =>
              create.mutate(campaignIdent, {
                onSuccess: ({ campaign, merchant }) => {
                  notifySuccess(t('campaigns.alerts.followupCreated', { id: campaign.uuid }));
                  // The new campaign opens in the wizard, at its first step.
                  void navigate(
                    paths.campaigns.detail(
                      { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid },
                      campaignFamily(campaign.type),
                    ),
                  );
                },
              })
            }
          >
            {t('campaigns.overview.createFollowup')}
          </Button>
        )}
      </Group>
      <CampaignTable
        query={query}
        columns={columns}
        label={t('campaigns.overview.followups')}
        rowTestId="followup"
        emptyText={t('campaigns.overview.followupsEmpty')}
        minWidth={560}
        compact
      />
    </Card>
  );
}
