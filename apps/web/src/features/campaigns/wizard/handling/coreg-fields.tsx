/**
 * Co-registration and co-participation on the flow step (spec §3 Campaign,
 * Merchant "Co-reg"): the coreg-suitable switch where the merchant offers
 * co-registration, and the other campaigns of the merchant chosen as
 * co-participation targets and coreg exclusions from searchable lists.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { Card, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLinkOptions } from '../../api/get-link-options';
import { linkOptionLabel } from '../../link-options';

export interface CoregDraft {
  coreg_suitable: boolean;
  coparticipation_targets: string[];
  coreg_exclusions: string[];
}

interface CoregFieldsProps {
  envelope: TCampaignEnvelope;
  draft: CoregDraft;
  onChange: (changes: Partial<CoregDraft>) => void;
  fieldProps: (fld: string) => { error: string | undefined; 'data-field': string };
}

export function CoregFields({ envelope, draft, onChange, fieldProps }: CoregFieldsProps) {
  const { t, i18n } = useTranslation();
  const options = useLinkOptions(envelope.campaign.uuid);
  const data = (options.data?.rows ?? []).map((option) => ({
    value: option.uuid,
    label: linkOptionLabel(t, option, i18n.language),
  }));
  const list = (field: 'coparticipation_targets' | 'coreg_exclusions', label: string) => (
    <MultiSelect
      label={label}
      description={t(`campaigns.wizard.coreg.${field}Hint`)}
      placeholder={t('campaigns.wizard.coreg.searchPlaceholder')}
      nothingFoundMessage={t('campaigns.wizard.coreg.nothingFound')}
      data={data}
      value={draft[field]}
      onChange={(value) => onChange({ [field]: value })}
      searchable
      clearable
      hidePickedOptions
      {...fieldProps(field)}
    />
  );
  const suitableProps = fieldProps('coreg_suitable');
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
            label={t('campaigns.wizard.coreg.suitable')}
            description={t('campaigns.wizard.coreg.suitableHint')}
            checked={draft.coreg_suitable}
            onChange={(event) => onChange({ coreg_suitable: event.currentTarget.checked })}
            {...suitableProps}
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
