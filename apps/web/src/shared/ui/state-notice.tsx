/**
 * What a screen shows instead of (or below) its data: a spinner while it
 * loads, a quiet text when there is none, an alert with a way back when it
 * was not found. `page` for a whole page's state, `inline` inside a card.
 */
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type StateNoticeProps =
  | { state: 'loading'; size?: 'page' | 'inline' }
  | { state: 'empty'; text: string; size?: 'page' | 'inline' }
  | { state: 'not-found'; text: string; action?: ReactNode };

export function StateNotice(props: StateNoticeProps) {
  const { t } = useTranslation();
  const inline = 'size' in props && props.size === 'inline';
  switch (props.state) {
    case 'loading':
      return (
        <Group justify={inline ? 'flex-start' : 'center'} py={inline ? 0 : 'xl'}>
          <Loader size={inline ? 'sm' : 'md'} aria-label={t('app.loading')} />
        </Group>
      );
    case 'empty':
      return inline ? (
        <Text c="dimmed" size="sm">
          {props.text}
        </Text>
      ) : (
        <Text c="dimmed" ta="center" py="lg">
          {props.text}
        </Text>
      );
    case 'not-found':
      return (
        <Stack py="md" maw={720}>
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {props.text}
          </Alert>
          {props.action && <div>{props.action}</div>}
        </Stack>
      );
  }
}
