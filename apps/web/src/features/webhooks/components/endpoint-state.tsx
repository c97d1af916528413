/** An endpoint's state as a badge (Aktiv, Aus, Abgeschaltet (Fehler)), with since when it fails. */
import type { TWebhookEndpoint } from '@backoffice/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { ENDPOINT_STATE_COLOURS, endpointState } from '../webhook-labels';

export function EndpointState({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation();
  const state = endpointState(endpoint);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={ENDPOINT_STATE_COLOURS[state]} variant="light">
        {t(`webhooks.status.${state}`)}
      </Badge>
      {endpoint.failing_since && (
        <Text size="xs" c="red.8">
          {t('webhooks.status.failingSince', { date: formatDateTime(endpoint.failing_since) })}
        </Text>
      )}
    </Stack>
  );
}
