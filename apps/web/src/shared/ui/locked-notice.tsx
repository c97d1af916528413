/**
 * A page a user may not open: a title, a yellow notice saying why (the
 * caller's text), what the caller offers instead (`below`) and the way back
 * to the dashboard. No error alert.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export interface LockedNoticeProps {
  title: string;
  children: ReactNode;
  /** Shown below the notice, before the way back. */
  below?: ReactNode;
}

export function LockedNotice({ title, children, below }: LockedNoticeProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{title}</Title>
      <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />}>
        <Stack gap="xs">{children}</Stack>
      </Alert>
      {below}
      <div>
        <Button component={Link} to={paths.dashboard()} variant="light">
          {t('notFound.back')}
        </Button>
      </div>
    </Stack>
  );
}
