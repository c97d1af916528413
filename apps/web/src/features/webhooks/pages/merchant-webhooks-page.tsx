/**
 * /{merchantIdent}/webhooks (docs/product.md#webhooks): the merchant's
 * webhook endpoints, for users with manage-merchant (the route's guard);
 * add and edit them, open one for its settings and delivery log.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isIdent, paths } from '../../../shared/paths';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { WebhookList } from '../components/webhook-list';

export function MerchantWebhooksPage() {
  const { t } = useTranslation();
  const { merchantIdent } = useParams();
  if (!isIdent(merchantIdent)) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={1200} py="md">
      <Title order={1}>{t('webhooks.title')}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="webhooks" />
      <Text c="dimmed" size="sm">
        {t('webhooks.intro')}
      </Text>
      <WebhookList
        key={merchantIdent}
        owner={merchantIdent}
        detailPath={(webhookId) => paths.merchant.webhook({ merchantIdent, webhookId })}
      />
    </Stack>
  );
}

export { MerchantWebhooksPage as Component };
