/** The flow step, read-only: runtime, coupon handling, map, co-registration and co-participation. */
import { campaignFamily, type TCampaignEnvelope } from '@backoffice/domain';
import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date-time';
import { formatCount } from '../../../../shared/format/number';
import { useLinkOptions } from '../../api/get-link-options';
import { linkLabels } from '../../link-options';
import { Fact, SummaryTable, yesNo } from './summary-table';

export function LinkedCampaigns({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t, i18n } = useTranslation();
  const { campaign } = envelope;
  const options = useLinkOptions(campaign.uuid).data?.rows ?? [];
  const list = (ids: string[], testId: string) =>
    ids.length > 0 && (
      <List size="sm" data-testid={testId}>
        {linkLabels(t, ids, options, i18n.language).map((label, index) => (
          <List.Item key={ids[index]}>{label}</List.Item>
        ))}
      </List>
    );
  const targets = list(campaign.coparticipation_targets, 'summary-targets');
  const exclusions = list(campaign.coreg_exclusions, 'summary-exclusions');
  return (
    <>
      <Fact label={t('campaigns.wizard.coreg.suitable')}>
        {envelope.coreg.available || campaign.coreg_suitable
          ? yesNo(t, campaign.coreg_suitable)
          : t('campaigns.wizard.coreg.notOffered')}
      </Fact>
      <Fact label={t('campaigns.wizard.coreg.targets')}>{targets}</Fact>
      <Fact label={t('campaigns.wizard.coreg.exclusions')}>{exclusions}</Fact>
    </>
  );
}

export function HandlingSummary({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t } = useTranslation();
  const { campaign } = envelope;
  const { coupon } = campaign;
  const isCoupon = campaignFamily(campaign.type) === 'coupon';
  return (
    <SummaryTable>
      <Fact label={t('campaigns.wizard.handling.validFrom')}>
        <span data-testid="summary-valid-from">{formatDateTime(campaign.valid_from)}</span>
      </Fact>
      <Fact label={t('campaigns.wizard.handling.validUntil')}>
        <span data-testid="summary-valid-until">{formatDateTime(campaign.valid_until)}</span>
      </Fact>
      <Fact label={t('campaigns.wizard.handling.showMap')}>
        {t(`campaigns.wizard.handling.showMapOptions.${campaign.show_map}`)}
      </Fact>
      {isCoupon && (
        <>
          <Fact label={t('campaigns.wizard.handling.redemption')}>
            {coupon.redemption && t(`campaigns.wizard.handling.redemptions.${coupon.redemption}`)}
          </Fact>
          {coupon.redemption === 'user_action' && (
            <>
              <Fact label={t('campaigns.wizard.handling.actionHandler')}>
                {coupon.action_handler &&
                  t(`campaigns.wizard.handling.actionHandlers.${coupon.action_handler}`)}
              </Fact>
              <Fact label={t('campaigns.wizard.handling.actionInstructions')}>
                {coupon.action_instructions}
              </Fact>
            </>
          )}
          <Fact label={t('campaigns.wizard.handling.expiry')}>{formatDateTime(coupon.expiry)}</Fact>
          <Fact label={t('campaigns.wizard.handling.maxParticipants')}>
            {coupon.max_participants === null
              ? t('campaigns.summary.unlimited')
              : formatCount(coupon.max_participants)}
          </Fact>
        </>
      )}
      <LinkedCampaigns envelope={envelope} />
    </SummaryTable>
  );
}
