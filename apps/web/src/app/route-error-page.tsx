/** What a route shows when its loader or its chunk fails. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../shared/ui/not-found-page';

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
