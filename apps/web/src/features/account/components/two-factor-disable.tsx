/** Turning two-factor sign-in off: proven by a current code (or a recovery code) or the password. */
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDisableTwoFactor } from '../api/two-factor';

export function TwoFactorDisable({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '' && password === '') {
      setError(t('twoFactor.disable.proofRequired'));
      return;
    }
    disable.mutate(code.trim() !== '' ? { code: code.trim() } : { password }, {
      onSuccess: () => {
        notifySuccess(t('twoFactor.disable.done'));
        onClose();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          setError(
            failure.serverMessage === 'two_factor_wrong_password'
              ? t('twoFactor.disable.wrongPassword')
              : t('twoFactor.wrongCode'),
          );
        }
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text fw={600} component="h2" size="lg">
          {t('twoFactor.disable.title')}
        </Text>
        <Text size="sm">{t('twoFactor.disable.intro')}</Text>
        <TextInput
          label={t('twoFactor.disable.code')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
          autoComplete="one-time-code"
          maxLength={40}
        />
        <PasswordInput
          label={t('twoFactor.disable.password')}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(undefined);
          }}
          autoComplete="current-password"
          error={error}
        />
        <Group>
          <Button
            type="submit"
            color="red.8"
            loading={disable.isPending}
            leftSection={<IconShieldOff size={16} aria-hidden />}
          >
            {t('twoFactor.disable.submit')}
          </Button>
          <Button variant="subtle" onClick={onClose}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
