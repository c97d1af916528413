/**
 * /oauth2/login: a single sign-in button that starts the redirect to the
 * identity provider (docs/product.md#identity-and-sign-in). Users land here when the automatic redirect
 * was not possible, e.g. after a failed postback or after logout, and when
 * their session ended while they used the app (`?session=ended`, which says
 * so; the sign-in then returns to the page they were at).
 */
import { Alert, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfig } from '../../../shared/config/runtime-config';
import { saysSessionEnded } from '../session-end';
import { prepareSignIn } from '../sign-in';

export function LoginPage() {
  const { t } = useTranslation();
  const { appName } = useConfig();
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const [search] = useSearchParams();
  const sessionEnded = saysSessionEnded(search);

  const signIn = async () => {
    setStarting(true);
    setFailed(false);
    try {
      window.location.assign(await prepareSignIn());
    } catch {
      setFailed(true);
      setStarting(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Card withBorder shadow="sm" padding="xl" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <Title order={1} size="h2">
            {appName}
          </Title>
          {sessionEnded && (
            <Alert color="yellow" role="alert" title={t('auth.sessionEnded.title')}>
              {t('auth.sessionEnded.text')}
            </Alert>
          )}
          <Text>{t('auth.login.text')}</Text>
          {failed && (
            <Alert color="red" role="alert" title={t('auth.login.failedTitle')}>
              {t('auth.login.failedText')}
            </Alert>
          )}
          <Button
            size="md"
            leftSection={<IconLogin2 size={18} aria-hidden />}
            loading={starting}
            onClick={() => void signIn()}
          >
            {t('auth.login.button')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}

export { LoginPage as Component };
