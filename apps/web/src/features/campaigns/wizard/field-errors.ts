/**
 * The text beside a field for a step error (docs/product.md#validation, docs/product.md#messages): 'Pflichtfeld' for a
 * missing value ('Kein Bild ausgewählt.' for the image), and for a few rules a
 * text that says what is expected. The
 * description's minimum shows how many characters are missing; its maximum
 * is never shown.
 */
import {
  DESCRIPTION_MIN_LENGTH,
  STEP_MESSAGES,
  descriptionLength,
  uniqueCodePrizeNeed,
  type StepError,
  type StepMessage,
  type TCampaignContent,
} from '@backoffice/domain';
import type { TFunction } from 'i18next';

/** Whether a server message is one of the step rules' messages (it then reads as a step error). */
export const isStepMessage = (message: string): message is StepMessage =>
  (STEP_MESSAGES as readonly string[]).includes(message);

export function fieldErrorText(t: TFunction, error: StepError, content: TCampaignContent): string {
  const { fld, message } = error;
  // docs/product.md#validation text for a step saved without an image.
  if (fld === 'image' && message === 'required_field_missing') return t('errors.server.no_image');
  if (fld.startsWith('description.')) {
    if (message === 'min_length') {
      const text = content.description[fld.slice('description.'.length)] ?? '';
      return t('campaigns.wizard.errors.descriptionMin', {
        count: Math.max(0, DESCRIPTION_MIN_LENGTH - descriptionLength(text)),
      });
    }
    if (message === 'max_length') return t('campaigns.wizard.errors.descriptionMax');
  }
  const prizeIndex = /^prizes\.(\d+)\.redemption$/.exec(fld)?.[1];
  if (message === 'not_enough_codes' && prizeIndex !== undefined) {
    const index = Number(prizeIndex);
    const prize = content.prizes[index];
    return t('campaigns.wizard.errors.notEnoughCodes', {
      prize: prize?.name || t('campaigns.wizard.benefit.prizeTitle', { number: index + 1 }),
      // The prizes draw on the codes in their order: this one needs the codes of all before it too.
      count: uniqueCodePrizeNeed({ prizes: content.prizes.slice(0, index + 1) }),
    });
  }
  if (message === 'invalid_value') {
    if (fld === 'benefit.percent_discount') {
      // A minus typed is kept and refused, never quietly dropped.
      const percent = content.benefit.percent_discount;
      return t(
        percent !== null && percent < 0
          ? 'campaigns.wizard.errors.percentNegative'
          : 'campaigns.wizard.errors.percentRange',
      );
    }
    if (fld === 'benefit.get_m') return t('campaigns.wizard.errors.mGreaterN');
    if (fld === 'benefit.discounted_value')
      return t('campaigns.wizard.errors.discountedBelowOriginal');
    if (fld === 'benefit.original_value' && content.benefit.abs_discount !== null)
      return t('campaigns.wizard.errors.absBelowOriginal');
    if (fld === 'landing_page') return t('campaigns.wizard.errors.landingPage');
    if (fld === 'valid_until') return t('campaigns.wizard.errors.runtimeOrder');
    if (fld === 'coupon.expiry') return t('campaigns.wizard.errors.expiryBeforeStart');
    if (fld.startsWith('required_data.')) return t('campaigns.wizard.errors.requiredNotUsed');
  }
  return t(`campaigns.wizard.errors.${message}`);
}
