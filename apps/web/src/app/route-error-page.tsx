/** What a route shows when its loader or its chunk fails. */
import { ACCOUNT_ROLES, type AccountRole } from '@backoffice/domain';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NoPermissionPage } from '../shared/ui/no-permission-page';
import { NotFoundPage } from '../shared/ui/not-found-page';

/** The role a guard's 403 names, if it names one. */
function missingRole(payload: unknown): AccountRole | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const role = (payload as { role?: unknown }).role;
  return ACCOUNT_ROLES.find((candidate) => candidate === role) ?? null;
}

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Center p="md">
        <NotFoundPage />
      </Center>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return <NoPermissionPage role={missingRole(error.data)} />;
  }
  return (
    <Center mih="60vh" p="md" component="main">
      <Stack gap="md" maw={560} role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{t('routeError.text')}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
        </div>
      </Stack>
    </Center>
  );
}
