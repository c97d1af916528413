/**
 * Setting up two-factor sign-in: the QR code and the secret as text (in
 * groups of four for typing), then the first code from the app; the
 * recovery codes follow (shown by the page).
 */
import type { TTwoFactorSetup } from '@backoffice/domain';
import { Button, Code, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useConfirmSetup } from '../api/two-factor';

export function TwoFactorSetup({
  offer,
  onEnabled,
  onCancel,
}: {
  offer: TTwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('twoFactor.setup.codeRequired'));
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: ({ recovery_codes }) => onEnabled(recovery_codes),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 409) {
          setError(t('twoFactor.setup.restart'));
        } else if (failure instanceof ApiError && failure.status === 400) {
          setError(t('twoFactor.wrongCode'));
        }
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={600} component="h2" size="lg">
          {t('twoFactor.setup.title')}
        </Text>
        <Text size="sm">{t('twoFactor.setup.scan')}</Text>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(offer.qr_svg)}`}
          alt={t('twoFactor.setup.qrAlt')}
          w={200}
          h={200}
          fit="contain"
        />
        <Text size="sm">{t('twoFactor.setup.typeSecret')}</Text>
        <Code block fz="md" data-testid="totp-secret">
          {offer.secret}
        </Code>
        <TextInput
          label={t('twoFactor.setup.code')}
          description={t('twoFactor.setup.codeHint')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          required
          error={error}
          maw={320}
        />
        <Group>
          <Button
            type="submit"
            loading={confirm.isPending}
            leftSection={<IconShieldCheck size={16} aria-hidden />}
          >
            {t('twoFactor.setup.submit')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
