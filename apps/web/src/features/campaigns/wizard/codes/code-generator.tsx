/** The code generator (beyond the spec): count, optional prefix, length of the random part. */
import {
  CODE_PREFIX_MAX_LENGTH,
  CODE_PREFIX_PATTERN,
  CODES_PER_REQUEST_MAX,
  GENERATED_CODE_LENGTH,
  type TCodeImportResponse,
} from '@backoffice/domain';
import { Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconWand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useGenerateCodes } from '../../api/multiple-codes';
import { toInteger } from '../wizard-logic';

interface GeneratorValues {
  count: number | null;
  prefix: string;
  length: number | null;
}

export function CodeGenerator({
  campaignId,
  onAdded,
}: {
  campaignId: string;
  onAdded: (report: TCodeImportResponse) => void;
}) {
  const { t } = useTranslation();
  const generate = useGenerateCodes(campaignId);
  const invalid = t('campaigns.wizard.errors.invalid_value');
  // The domain's limits, checked as the values change.
  const form = useForm<GeneratorValues>({
    mode: 'controlled',
    initialValues: { count: 100, prefix: '', length: GENERATED_CODE_LENGTH.default },
    validateInputOnChange: true,
    validate: {
      count: (count) =>
        count === null || count < 1 || count > CODES_PER_REQUEST_MAX ? invalid : null,
      prefix: (prefix) => (CODE_PREFIX_PATTERN.test(prefix) ? null : invalid),
      length: (length) =>
        length === null || length < GENERATED_CODE_LENGTH.min || length > GENERATED_CODE_LENGTH.max
          ? invalid
          : null,
    },
  });
  const run = () => {
    const { count, prefix, length } = form.values;
    if (form.validate().hasErrors || count === null || length === null) return;
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
          {...form.getInputProps('count')}
          value={form.values.count ?? ''}
          onChange={(value: number | string) => form.setFieldValue('count', toInteger(value))}
          label={t('campaigns.wizard.codes.count')}
          min={1}
          max={CODES_PER_REQUEST_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={140}
        />
        <TextInput
          {...form.getInputProps('prefix')}
          label={t('campaigns.wizard.codes.prefix')}
          maxLength={CODE_PREFIX_MAX_LENGTH}
          w={180}
        />
        <NumberInput
          {...form.getInputProps('length')}
          value={form.values.length ?? ''}
          onChange={(value: number | string) => form.setFieldValue('length', toInteger(value))}
          label={t('campaigns.wizard.codes.length')}
          min={GENERATED_CODE_LENGTH.min}
          max={GENERATED_CODE_LENGTH.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={160}
        />
        <Button
          mt={25}
          variant="light"
          leftSection={<IconWand size={16} aria-hidden />}
          onClick={run}
          disabled={!form.isValid()}
          loading={generate.isPending}
        >
          {t('campaigns.wizard.codes.generate')}
        </Button>
      </Group>
    </Stack>
  );
}
