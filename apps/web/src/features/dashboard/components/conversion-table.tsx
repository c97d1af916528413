/**
 * The conversion per campaign: of the campaigns with the
 * most list views, how many of those views led to the detail page and to a
 * participation (campaignConversion, the domain's rule). Each title opens
 * the campaign.
 */
import {
  campaignConversion,
  campaignFamily,
  editStep,
  type TDashboardResponse,
} from '@backoffice/domain';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCampaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { formatCount, formatPercent } from '../../../shared/format/number';
import { paths } from '../../../shared/paths';
import classes from '../dashboard.module.css';
import { Section } from './overview-tables';

const ID = 'dashboard-conversion';

export function ConversionTable({
  merchantIdent,
  conversions,
}: {
  merchantIdent: string;
  conversions: TDashboardResponse['conversions'];
}) {
  const { t } = useTranslation();
  const titleOf = useCampaignTitle();
  // The count, and below it its share of the list views (a dash without list views).
  const share = (count: number, percent: number | null) => (
    <>
      {formatCount(count)}
      <Text span display="block" size="xs" c="dimmed">
        {percent === null ? '–' : formatPercent(percent)}
      </Text>
    </>
  );
  return (
    <Section id={ID} title={t('dashboardDetails.conversion.title')}>
      <Text size="xs" c="dimmed" mb="xs">
        {t('dashboardDetails.conversion.hint')}
      </Text>
      {conversions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboardDetails.conversion.none')}
        </Text>
      ) : (
        <table className={classes.table} aria-labelledby={ID}>
          <thead>
            <tr>
              <th scope="col">{t('dashboardDetails.conversion.campaign')}</th>
              <th scope="col" className={classes.number}>
                {t('dashboardDetails.conversion.detail')}
              </th>
              <th scope="col" className={classes.number}>
                {t('dashboardDetails.conversion.participations')}
              </th>
            </tr>
          </thead>
          <tbody>
            {conversions.map((row) => {
              const conversion = campaignConversion(row);
              return (
                <tr key={row.uuid} data-campaign={row.uuid}>
                  <th scope="row" className={classes.breakable}>
                    <Anchor
                      component={Link}
                      to={paths.campaigns.step(
                        { merchantIdent, campaignIdent: row.uuid },
                        campaignFamily(row.type),
                        editStep(row.status),
                      )}
                      size="sm"
                    >
                      {titleOf(row.title)}
                    </Anchor>
                    <Text size="xs" c="dimmed" data-conversion="list">
                      {t('dashboardDetails.conversion.listViews', {
                        count: row.view_list,
                        formatted: formatCount(row.view_list),
                      })}
                    </Text>
                  </th>
                  <td className={classes.number} data-conversion="detail">
                    {share(row.view_detail, conversion.detail)}
                  </td>
                  <td className={classes.number} data-conversion="participation">
                    {share(row.participations, conversion.participation)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}

export { ConversionTable as default };
