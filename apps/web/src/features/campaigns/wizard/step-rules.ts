/**
 * The rules of one wizard step: what only the browser sees (an unreadable
 * date), then the shared step rules the server runs too, as the form's
 * validation (the text of each field's first error), and which errors keep
 * a step from being sent at all.
 */
import type {
  CampaignStep,
  StepError,
  TCampaign,
  TCampaignContent,
  TCampaignContentPatch,
} from '@backoffice/domain';
import type { FormErrors } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-errors';
import { contentOf, errorsAfter, type SaveContext } from './wizard-logic';

export interface StepRulesOptions<D> {
  campaign: TCampaign;
  step: CampaignStep;
  toPatch: (values: D) => TCampaignContentPatch;
  inputErrors: ((values: D) => StepError[]) | undefined;
  /** The campaign will have an image once saved (one is chosen): the image rule is met. */
  imageChosen: boolean;
  /** The campaign's available codes, where the step's rules need them (unique-code prizes). */
  availableCodes: number | undefined;
}

/**
 * Step errors the server would refuse as a whole request, so the step is not
 * sent with them: a text over its limit, a landing page, and a benefit number
 * below zero (the content's schema takes none; a typed minus is kept and
 * refused with its message, never dropped).
 */
export const blocking = (error: StepError, content: TCampaignContent) =>
  error.message === 'max_length' || error.fld === 'landing_page' || belowZero(content, error.fld);

function belowZero(content: TCampaignContent, fld: string): boolean {
  if (!fld.startsWith('benefit.')) return false;
  const value = content.benefit[fld.slice('benefit.'.length) as keyof TCampaignContent['benefit']];
  return value !== null && value < 0;
}

export function useStepRules<D>({
  campaign,
  step,
  toPatch,
  inputErrors,
  imageChosen,
  availableCodes,
}: StepRulesOptions<D>) {
  const { t } = useTranslation();
  const context: SaveContext = useMemo(
    () => ({
      type: campaign.type,
      hasImage: campaign.image !== null || imageChosen,
      ...(availableCodes === undefined ? {} : { availableCodes }),
    }),
    [campaign.type, campaign.image, imageChosen, availableCodes],
  );
  /** The campaign's content with the step's values. */
  const contentWith = (values: D): TCampaignContent => ({
    ...contentOf(campaign),
    ...toPatch(values),
  });
  /** The step's rules: what only the browser sees first, then the domain's rules for the step. */
  const stepErrors = (values: D): StepError[] => [
    ...(inputErrors?.(values) ?? []),
    ...errorsAfter(campaign, toPatch(values), context).filter((error) => error.step === step),
  ];
  /** The step's rules as the form's validation: the text of each field's first error. */
  const validate = (values: D): FormErrors => {
    const content = contentWith(values);
    const errors: FormErrors = {};
    for (const error of stepErrors(values)) {
      errors[error.fld] ??= fieldErrorText(t, error, content);
    }
    return errors;
  };
  /** Whether the values may not be sent at all: input the browser cannot read, or a blocking error. */
  const unsendable = (values: D): boolean => {
    const content = contentWith(values);
    return (
      (inputErrors?.(values).length ?? 0) > 0 ||
      stepErrors(values).some((error) => blocking(error, content))
    );
  };
  return { context, contentWith, validate, unsendable };
}
