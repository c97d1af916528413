/**
 * The winner draw of a sweepstake, for admins on the overview: drawn
 * automatically when it ends, or by hand here when the campaign asks for a
 * manual draw; the seed and the participant list's hash let an auditor repeat it.
 */
import { isAdmin, type TCampaign } from '@backoffice/domain';
import { Button, Card, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatCount } from '../../../shared/format/number';
import { useSession } from '../../../shared/session/session-store';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDraw, useDrawNow } from '../api/draw';

export function WinnerDraw({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const admin = user !== null && isAdmin(user);
  const query = useDraw(campaign.uuid, admin);
  const drawNow = useDrawNow(campaign.uuid);
  if (!admin) return null;
  const draw = query.data?.draw ?? null;
  const ended = campaign.phase === 'ended';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="winner-draw">
      <Title order={2} size="h4" id="winner-draw" mb="sm">
        {t('campaigns.draw.title')}
      </Title>
      {query.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {query.isSuccess && !draw && (
        <Group justify="space-between" align="center">
          <Text size="sm">
            {!campaign.manual_draw
              ? t('campaigns.draw.automatic')
              : ended
                ? t('campaigns.draw.manualReady')
                : t('campaigns.draw.manualAfterEnd')}
          </Text>
          {campaign.manual_draw && (
            <Button
              leftSection={<IconTrophy size={16} aria-hidden />}
              disabled={!ended}
              loading={drawNow.isPending}
              onClick={() =>
                drawNow.mutate(undefined, {
                  onSuccess: () => notifySuccess(t('campaigns.draw.drawn')),
                })
              }
            >
              {t('campaigns.draw.drawNow')}
            </Button>
          )}
        </Group>
      )}
      {draw && (
        <Stack gap="xs" data-testid="winner-draw">
          <Text size="sm">
            {t('campaigns.draw.summary', {
              at: formatDateTime(draw.drawn_at),
              count: draw.winners.length,
              participants: t('campaigns.draw.participants', {
                count: draw.participant_count,
                formatted: formatCount(draw.participant_count),
              }),
            })}
          </Text>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>{t('campaigns.draw.seed')}</Table.Th>
                <Table.Td>
                  <Code>{draw.seed}</Code>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('campaigns.draw.hash')}</Table.Th>
                <Table.Td>
                  <Code>{draw.participants_hash}</Code>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('campaigns.draw.open')}</Table.Th>
                <Table.Td>{draw.winners.filter((w) => w.status === 'pending').length}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
