/**
 * /webhooks (admins, docs/product.md#webhooks): the admins' own webhook
 * endpoints, told of the events of every merchant; add and edit them, open
 * one for its settings and delivery log.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths';
import { WebhookList } from '../components/webhook-list';

export function AdminWebhooksPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200} py="md">
      <div>
        <Title order={1}>{t('webhooks.adminTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('webhooks.adminIntro')}
        </Text>
      </div>
      <WebhookList
        owner={null}
        detailPath={(webhookId) => paths.adminWebhooks.detail({ webhookId })}
      />
    </Stack>
  );
}

export { AdminWebhooksPage as Component };
