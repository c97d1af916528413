/** A campaign's title as the screens show it: in the user's language, or 'untitled' text. */
import type { TLocalised } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localisedText } from '../../format/localised-text';

/** The title in the language given, else German, else any; the 'untitled' text if it has none. */
export function campaignTitle(
  title: TLocalised | undefined,
  language: string,
  t: TFunction,
): string {
  return localisedText(title, language) || t('campaigns.values.untitled');
}

/** campaignTitle in the current language, for components. */
export function useCampaignTitle(): (title: TLocalised | undefined) => string {
  const { t, i18n } = useTranslation();
  return (title) => campaignTitle(title, i18n.language, t);
}
