/**
 * What an alert says (notify.ts): its message, how often it happened when
 * more than once, and below it, smaller, the spec's technical line and the
 * failed request's id, which a user can read out or copy for support.
 */
import { Badge, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AlertBodyProps {
  message: ReactNode;
  /** The spec's technical text ('HTTP 409: campaign_changed', 'Could not send request'). */
  technical: string | undefined;
  /** The server's id of the failed request. */
  requestId: string | undefined;
  /** How often the same alert was raised while it showed. */
  count: number;
}

export function AlertBody({ message, technical, requestId, count }: AlertBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
        {typeof message === 'string' ? (
          <Text size="sm" data-testid="alert-message">
            {message}
          </Text>
        ) : (
          <Box data-testid="alert-message">{message}</Box>
        )}
        {count > 1 && (
          <Badge
            variant="light"
            color="gray"
            tt="none"
            style={{ flexShrink: 0 }}
            data-testid="alert-count"
          >
            {t('errors.repeated', { count })}
          </Badge>
        )}
      </Group>
      {technical && (
        <Text size="xs" c="dimmed" mt={4} data-testid="alert-technical">
          {technical}
        </Text>
      )}
      {requestId && (
        <Text size="xs" c="dimmed" data-testid="alert-request-id">
          {t('errors.requestId', { id: requestId })}
        </Text>
      )}
    </>
  );
}
