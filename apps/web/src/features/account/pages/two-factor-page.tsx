/**
 * /two-factor (every signed-in user, from the user menu): two-factor
 * sign-in of the caller's own account. Off: set it up (QR code or the
 * secret as text, confirmed by a first code), then the ten recovery codes
 * are shown once. On: since when, recovery codes left, new recovery codes,
 * turn it off (with a current code or the password).
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTwoFactorSetup } from '@backoffice/domain';
import { formatDateTime } from '../../../shared/format/date-time';
import { QueryState } from '../../../shared/ui/query-state';
import { useRenewRecoveryCodes, useStartSetup, useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodes } from '../components/recovery-codes';
import { TwoFactorDisable } from '../components/two-factor-disable';
import { TwoFactorSetup } from '../components/two-factor-setup';

type Step =
  | { kind: 'status' }
  | { kind: 'setup'; offer: TTwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' };

export function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useStartSetup();
  const renew = useRenewRecoveryCodes();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const toStatus = () => setStep({ kind: 'status' });

  let body;
  if (step.kind === 'setup') {
    body = (
      <TwoFactorSetup
        offer={step.offer}
        onEnabled={(codes) => setStep({ kind: 'codes', codes })}
        onCancel={toStatus}
      />
    );
  } else if (step.kind === 'codes') {
    body = <RecoveryCodes codes={step.codes} onDone={toStatus} />;
  } else if (step.kind === 'disable') {
    body = <TwoFactorDisable onClose={toStatus} />;
  } else if (!status.data) {
    body = <QueryState query={status} />;
  } else if (!status.data.enabled) {
    body = (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm" align="flex-start">
          <Badge color="gray" variant="light" size="lg">
            {t('twoFactor.statusOff')}
          </Badge>
          <Text size="sm">{t('twoFactor.offText')}</Text>
          <Button
            leftSection={<IconShieldLock size={16} aria-hidden />}
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onSuccess: (offer) => setStep({ kind: 'setup', offer }) })
            }
          >
            {t('twoFactor.start')}
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    const { enabled_at: since, recovery_codes_left: left } = status.data;
    body = (
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm" align="flex-start">
          <Badge color="green" variant="light" size="lg">
            {t('twoFactor.statusOn')}
          </Badge>
          <Text size="sm">{t('twoFactor.onSince', { date: formatDateTime(since) })}</Text>
          <Text size="sm" data-testid="recovery-codes-left">
            {t('twoFactor.codesLeft', { count: left })}
          </Text>
          {left <= 2 && (
            <Alert color="orange" variant="light">
              {t('twoFactor.fewCodesLeft')}
            </Alert>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconKey size={16} aria-hidden />}
              loading={renew.isPending}
              onClick={() =>
                renew.mutate(undefined, {
                  onSuccess: ({ recovery_codes }) =>
                    setStep({ kind: 'codes', codes: recovery_codes }),
                })
              }
            >
              {t('twoFactor.renewCodes')}
            </Button>
            <Button
              variant="light"
              color="red.8"
              leftSection={<IconShieldOff size={16} aria-hidden />}
              onClick={() => setStep({ kind: 'disable' })}
            >
              {t('twoFactor.turnOff')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="md" maw={720} py="md">
      <div>
        <Title order={1}>{t('twoFactor.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('twoFactor.intro')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

export { TwoFactorPage as Component };
