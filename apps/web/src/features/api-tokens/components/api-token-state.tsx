/** A token's state as a badge (Aktiv, Abgelaufen, Widerrufen), with since when it is revoked or expired. */
import type { TApiToken } from '@backoffice/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { API_TOKEN_STATE_COLOURS, apiTokenState } from '../api-token-labels';

export function ApiTokenState({ token }: { token: TApiToken }) {
  const { t } = useTranslation();
  const state = apiTokenState(token);
  const since =
    state === 'revoked' ? token.revokedAt : state === 'expired' ? token.expiresAt : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={API_TOKEN_STATE_COLOURS[state]} variant="light">
        {t(`apiTokens.state.${state}`)}
      </Badge>
      {since && (
        <Text size="xs" c="dimmed">
          {t('apiTokens.state.since', { date: formatDateTime(since) })}
        </Text>
      )}
    </Stack>
  );
}
