/** How a campaign that may be linked (co-participation, coreg exclusion) is named: title, type, phase. */
import type { TCampaignLinkOption } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { campaignTitle } from '../../shared/resources/campaigns/campaign-title';
import { campaignTypeLabel } from '../../shared/resources/campaigns/campaign-type-label';

export function linkOptionLabel(t: TFunction, option: TCampaignLinkOption, language: string) {
  const title = campaignTitle(option.title, language, t);
  const state = option.phase
    ? t(`campaigns.phases.${option.phase}`)
    : t(`campaigns.statuses.${option.current_status}`);
  return t('campaigns.wizard.coreg.optionLabel', {
    title,
    type: campaignTypeLabel(t, option.type),
    state,
  });
}

/** The labels of chosen ids, in their order; an id without a known campaign is shown as is. */
export function linkLabels(
  t: TFunction,
  ids: readonly string[],
  options: readonly TCampaignLinkOption[],
  language: string,
): string[] {
  return ids.map((id) => {
    const option = options.find((candidate) => candidate.uuid === id);
    return option ? linkOptionLabel(t, option, language) : id;
  });
}
