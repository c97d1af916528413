/** The followup campaigns of a campaign: list, create one, detach one (spec §2 "followup creation"). */
import { campaignFamily, editStep } from '@backoffice/domain';
import { ActionIcon, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateFollowup } from '../api/create-followup';
import { useFollowups } from '../api/get-followups';
import { useUnlinkFollowup } from '../api/unlink-followup';
import { localisedText } from '../../../shared/format/localised-text';
import { PhaseBadge } from './phase-badge';

export function Followups({ campaignIdent }: { campaignIdent: string }) {
  const { t, i18n } = useTranslation();
  const query = useFollowups(campaignIdent);
  const create = useCreateFollowup();
  const unlink = useUnlinkFollowup();
  const rows = query.data?.rows ?? [];

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="followups">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="followups">
          {t('campaigns.overview.followups')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          loading={create.isPending}
          onClick={() =>
            create.mutate(campaignIdent, {
              onSuccess: ({ campaign }) =>
                notifySuccess(t('campaigns.alerts.followupCreated', { id: campaign.uuid })),
            })
          }
        >
          {t('campaigns.overview.createFollowup')}
        </Button>
      </Group>
      {query.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('campaigns.overview.followupsEmpty')}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((row) => {
          const title = localisedText(row.title, i18n.language) || t('campaigns.values.untitled');
          return (
            <Group key={row.uuid} justify="space-between" wrap="nowrap" data-testid="followup">
              <div>
                <Anchor
                  component={Link}
                  to={paths.campaigns.step(
                    { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
                    campaignFamily(row.type),
                    editStep(row.current_status),
                  )}
                  aria-label={t('campaigns.overview.openFollowup', { title })}
                  fw={600}
                >
                  {title}
                </Anchor>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {t(`campaigns.types.${row.type}`)} ·{' '}
                    {t(`campaigns.statuses.${row.current_status}`)}
                  </Text>
                  <PhaseBadge phase={row.phase} status={row.current_status} />
                </Group>
              </div>
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
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
