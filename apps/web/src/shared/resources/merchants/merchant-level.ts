/** The display name of a merchant level: Basic, Silber, Gold, or the number. */
import { merchantLevelName } from '@backoffice/domain';
import type { TFunction } from 'i18next';

export function merchantLevelLabel(t: TFunction, level: number): string {
  const name = merchantLevelName(level);
  return name ? t(`levels.${name}`) : t('levels.numbered', { level });
}

/** Name and number, e.g. "Silber (Level 1)". */
export function merchantLevelLabelWithNumber(t: TFunction, level: number): string {
  const name = merchantLevelName(level);
  return name
    ? t('levels.namedWithNumber', { name: t(`levels.${name}`), level })
    : t('levels.numbered', { level });
}
