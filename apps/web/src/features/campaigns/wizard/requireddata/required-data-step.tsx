/**
 * The form step (docs/product.md#campaigns "Required core user fields", docs/product.md#roles-and-access): which core fields
 * participants are asked for and which of them are required. Needs merchant
 * level 1; below it the step is not available.
 */
import {
  canUseRequiredDataStep,
  REQUIRED_CORE_FIELDS,
  type TCampaign,
  type TRequiredData,
} from '@backoffice/domain';
import { Alert, Switch, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

type RequiredDataDraft = {
  required_data: TRequiredData;
};

const read = (campaign: TCampaign): RequiredDataDraft => ({
  required_data: campaign.required_data,
});

export function RequiredDataStep(props: WizardStepProps) {
  const { t } = useTranslation();
  if (!canUseRequiredDataStep(props.merchantLevel)) {
    return (
      <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />}>
        {t('campaigns.overview.stepNotAvailable')}
      </Alert>
    );
  }
  return <RequiredDataForm {...props} />;
}

function RequiredDataForm({ envelope }: WizardStepProps) {
  const { t } = useTranslation();
  const form = useStepForm<RequiredDataDraft>({
    envelope,
    step: 'requireddata',
    read,
    toPatch: (draft) => ({ required_data: draft.required_data }),
  });
  const data = form.values.required_data;
  const set = (field: keyof TRequiredData, usage: boolean, required: boolean) =>
    form.setFieldValue(`required_data.${field}`, { usage, required });
  return (
    <StepForm form={form}>
      <Text size="sm">{t('campaigns.wizard.requiredData.intro')}</Text>
      <Table maw={560} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('campaigns.wizard.requiredData.field')}</Table.Th>
            <Table.Th>{t('campaigns.wizard.requiredData.usage')}</Table.Th>
            <Table.Th>{t('campaigns.wizard.requiredData.required')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {REQUIRED_CORE_FIELDS.map((field) => {
            const name = t(`campaigns.wizard.requiredData.fields.${field}`);
            const { usage, required } = data[field];
            const error = form.fieldError(`required_data.${field}.usage`);
            return (
              <Table.Tr key={field}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('campaigns.wizard.requiredData.usageOf', { field: name })}
                    checked={usage}
                    // Not asked means not required either.
                    onChange={(event) =>
                      set(
                        field,
                        event.currentTarget.checked,
                        event.currentTarget.checked && required,
                      )
                    }
                    error={error}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('campaigns.wizard.requiredData.requiredOf', { field: name })}
                    checked={required}
                    // A required field is always asked for.
                    onChange={(event) =>
                      set(field, usage || event.currentTarget.checked, event.currentTarget.checked)
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StepForm>
  );
}
