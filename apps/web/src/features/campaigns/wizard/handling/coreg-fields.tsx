/**
 * Co-registration and co-participation on the flow step (docs/product.md#campaigns,
 * Merchant "Co-reg"): the coreg-suitable switch where the merchant offers
 * co-registration, and the other campaigns of the merchant chosen as
 * co-participation targets and coreg exclusions from searchable lists.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { Card, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLinkOptions } from '../../api/get-link-options';
import { linkOptionLabel } from '../../link-options';
import type { FieldInput } from '../use-step-form';

export type CoregDraft = {
  coreg_suitable: boolean;
  coparticipation_targets: string[];
  coreg_exclusions: string[];
};

interface CoregFieldsProps {
  envelope: TCampaignEnvelope;
  /** The step form's fields (the form holds the CoregDraft fields). */
  getInputProps: FieldInput<CoregDraft>;
}

export function CoregFields({ envelope, getInputProps }: CoregFieldsProps) {
  const { t, i18n } = useTranslation();
  const options = useLinkOptions(envelope.campaign.uuid);
  const data = (options.data?.rows ?? []).map((option) => ({
    value: option.uuid,
    label: linkOptionLabel(t, option, i18n.language),
  }));
  const list = (name: keyof Omit<CoregDraft, 'coreg_suitable'>, label: string) => (
    <MultiSelect
      {...getInputProps(name)}
      label={label}
      description={t(`campaigns.wizard.coreg.${name}Hint`)}
      placeholder={t('campaigns.wizard.coreg.searchPlaceholder')}
      nothingFoundMessage={t('campaigns.wizard.coreg.nothingFound')}
      data={data}
      searchable
      clearable
      hidePickedOptions
    />
  );
  const targets = list('coparticipation_targets', t('campaigns.wizard.coreg.targets'));
  const exclusions = list('coreg_exclusions', t('campaigns.wizard.coreg.exclusions'));
  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('campaigns.wizard.coreg.title')}
        </Title>
        {envelope.coreg.available ? (
          <Switch
            {...getInputProps('coreg_suitable', { type: 'checkbox' })}
            label={t('campaigns.wizard.coreg.suitable')}
            description={t('campaigns.wizard.coreg.suitableHint')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('campaigns.wizard.coreg.notOffered')}
          </Text>
        )}
        {targets}
        {exclusions}
      </Stack>
    </Card>
  );
}
