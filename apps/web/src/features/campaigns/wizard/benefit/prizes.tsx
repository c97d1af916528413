/**
 * A sweepstake's prizes in the benefit step (docs/product.md#campaigns "Prize"):
 * one card per prize with its count, value, redemption, name and texts, their
 * total value, and whether the winners are drawn by hand.
 */
import {
  CAMPAIGN_TEXT_LIMITS,
  PRIZE_REDEMPTIONS,
  totalPrizeValue,
  type TPrize,
} from '@backoffice/domain';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../shared/config/runtime-config';
import { formatAmount } from '../../../../shared/format/number';
import { MoneyInput } from '../money-input';
import { toInteger } from '../wizard-logic';
import type { BenefitForm as Form } from './benefit-draft';

const emptyPrize = (): TPrize => ({
  count: 1,
  value: null,
  name: '',
  short_description: '',
  win_needs_response: false,
  winner_instructions: '',
  redemption: null,
});

export function Prizes({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const { prizes } = form.values;
  const prizesError = form.fieldError('prizes');
  const total = formatAmount(totalPrizeValue(prizes), currency);
  return (
    <>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('campaigns.wizard.benefit.prizesTitle')}
        </Title>
        <Text data-testid="prize-total">
          {t('campaigns.wizard.benefit.total')}:{' '}
          <Text span fw={600}>
            {total}
          </Text>
        </Text>
      </Group>
      {prizes.length === 0 && (
        <Text c={prizesError ? 'red.7' : 'dimmed'} size="sm" data-field="prizes">
          {prizesError ?? t('campaigns.wizard.benefit.noPrizes')}
        </Text>
      )}
      {prizes.map((prize, index) => (
        <PrizeCard
          key={index}
          form={form}
          prize={prize}
          index={index}
          onRemove={() => form.removeListItem('prizes', index)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('prizes', emptyPrize())}
        >
          {t('campaigns.wizard.benefit.addPrize')}
        </Button>
      </Group>
      <Checkbox
        {...form.getInputProps('manual_draw', { type: 'checkbox' })}
        label={t('campaigns.wizard.benefit.manualDraw')}
      />
    </>
  );
}

interface PrizeCardProps {
  form: Form;
  prize: TPrize;
  index: number;
  onRemove: () => void;
}

function PrizeCard({ form, prize, index, onRemove }: PrizeCardProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const fld = <Name extends keyof TPrize>(name: Name) => `prizes.${index}.${name}` as const;
  const required = { required: true };
  return (
    <Card
      withBorder
      radius="md"
      component="fieldset"
      aria-label={t('campaigns.wizard.benefit.prizeTitle', { number })}
      data-testid="prize"
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('campaigns.wizard.benefit.prizeTitle', { number })}</Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('campaigns.wizard.benefit.removePrize', { number })}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            {...form.getInputProps(fld('count'), required)}
            value={prize.count ?? ''}
            onChange={(value: number | string) =>
              form.setFieldValue(fld('count'), toInteger(value))
            }
            label={t('campaigns.wizard.benefit.count')}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
          />
          <MoneyInput
            {...form.getInputProps(fld('value'), required)}
            onCents={(value) => form.setFieldValue(fld('value'), value)}
            cents={prize.value}
            label={t('campaigns.wizard.benefit.value')}
          />
          <Select
            {...form.getInputProps(fld('redemption'), required)}
            onChange={(value) =>
              form.setFieldValue(
                fld('redemption'),
                PRIZE_REDEMPTIONS.find((candidate) => candidate === value) ?? null,
              )
            }
            label={t('campaigns.wizard.benefit.redemption')}
            data={PRIZE_REDEMPTIONS.map((value) => ({
              value,
              label: t(`campaigns.wizard.benefit.redemptions.${value}`),
            }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput
          {...form.getInputProps(fld('name'), required)}
          label={t('campaigns.wizard.benefit.name')}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_name}
        />
        <Textarea
          {...form.getInputProps(fld('short_description'))}
          label={t('campaigns.wizard.benefit.shortDescription')}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_short_description}
        />
        <Checkbox
          {...form.getInputProps(fld('win_needs_response'), { type: 'checkbox' })}
          label={t('campaigns.wizard.benefit.winNeedsResponse')}
        />
        <Textarea
          {...form.getInputProps(fld('winner_instructions'))}
          label={t('campaigns.wizard.benefit.winnerInstructions')}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_winner_instructions}
        />
      </Stack>
    </Card>
  );
}
