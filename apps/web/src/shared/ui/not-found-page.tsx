/** The 404 page shown inside the shell for unknown paths. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640} py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <div>
        <Button component={Link} to={paths.dashboard()} variant="light">
          {t('notFound.back')}
        </Button>
      </div>
    </Stack>
  );
}
