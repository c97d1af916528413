/** The code generator (beyond the spec): count, optional prefix, length of the random part. */
import {
  CODE_PREFIX_MAX_LENGTH,
  CODE_PREFIX_PATTERN,
  CODES_PER_REQUEST_MAX,
  GENERATED_CODE_LENGTH,
  type TCodeImportResponse,
} from '@backoffice/domain';
import { Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenerateCodes } from '../../api/multiple-codes';
import { toInteger } from '../wizard-logic';

export function CodeGenerator({
  campaignId,
  onAdded,
}: {
  campaignId: string;
  onAdded: (report: TCodeImportResponse) => void;
}) {
  const { t } = useTranslation();
  const generate = useGenerateCodes(campaignId);
  const [count, setCount] = useState<number | null>(100);
  const [prefix, setPrefix] = useState('');
  const [length, setLength] = useState<number | null>(GENERATED_CODE_LENGTH.default);
  const errors = {
    count:
      count === null || count < 1 || count > CODES_PER_REQUEST_MAX
        ? t('campaigns.wizard.errors.invalid_value')
        : undefined,
    prefix: CODE_PREFIX_PATTERN.test(prefix)
      ? undefined
      : t('campaigns.wizard.errors.invalid_value'),
    length:
      length === null || length < GENERATED_CODE_LENGTH.min || length > GENERATED_CODE_LENGTH.max
        ? t('campaigns.wizard.errors.invalid_value')
        : undefined,
  };
  const valid = !errors.count && !errors.prefix && !errors.length;
  const run = () => {
    if (!valid || count === null || length === null) return;
    generate.mutate({ count, prefix, length }, { onSuccess: onAdded });
  };
  return (
    <Stack gap="xs" data-testid="code-generator">
      <Title order={3} size="h5">
        {t('campaigns.wizard.codes.generateTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('campaigns.wizard.codes.generateHint')}
      </Text>
      <Group align="flex-start" wrap="wrap">
        <NumberInput
          label={t('campaigns.wizard.codes.count')}
          value={count ?? ''}
          onChange={(value) => setCount(toInteger(value))}
          min={1}
          max={CODES_PER_REQUEST_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={errors.count}
          w={140}
        />
        <TextInput
          label={t('campaigns.wizard.codes.prefix')}
          value={prefix}
          onChange={(event) => setPrefix(event.currentTarget.value)}
          maxLength={CODE_PREFIX_MAX_LENGTH}
          error={errors.prefix}
          w={180}
        />
        <NumberInput
          label={t('campaigns.wizard.codes.length')}
          value={length ?? ''}
          onChange={(value) => setLength(toInteger(value))}
          min={GENERATED_CODE_LENGTH.min}
          max={GENERATED_CODE_LENGTH.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={errors.length}
          w={160}
        />
        <Button
          mt={25}
          variant="light"
          leftSection={<IconWand size={16} aria-hidden />}
          onClick={run}
          disabled={!valid}
          loading={generate.isPending}
        >
          {t('campaigns.wizard.codes.generate')}
        </Button>
      </Group>
    </Stack>
  );
}
