/**
 * The rejected campaigns in the dashboard's to-do table:
 * each with its title, the reason of its rejection, as the review page and
 * the list row show it, and the next step, "Überarbeiten und erneut
 * einreichen", linked to where the campaign is revised (its first step, as
 * the campaign list's edit link). Its own chunk: only a merchant with
 * rejected campaigns loads it.
 */
import { campaignFamily, editStep, type TDashboardResponse } from '@backoffice/domain';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCampaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { paths } from '../../../shared/paths';
import classes from '../dashboard.module.css';

type RejectedCampaign = TDashboardResponse['todo_rejected'][number];

/** Where a rejected campaign is revised: its first step, as the campaign list's edit link. */
const revisePath = (merchantIdent: string, campaign: RejectedCampaign) =>
  paths.campaigns.step(
    { merchantIdent, campaignIdent: campaign.uuid },
    campaignFamily(campaign.type),
    editStep('rejected'),
  );

export function RejectedCampaignRows({
  merchantIdent,
  campaigns,
}: {
  merchantIdent: string;
  campaigns: TDashboardResponse['todo_rejected'];
}) {
  const { t } = useTranslation();
  const titleOf = useCampaignTitle();
  return (
    <>
      {campaigns.map((campaign) => {
        const title = titleOf(campaign.title);
        return (
          <tr
            key={campaign.uuid}
            className={classes.subRow}
            data-testid="todo-rejected-campaign"
            data-campaign={campaign.uuid}
          >
            <td colSpan={2}>
              <Text size="sm" fw={600} className={classes.breakable}>
                {title}
              </Text>
              {campaign.rejection_reason && (
                <Text size="sm" c="red.9" className={classes.reason}>
                  {t('dashboard.todo.reasonLine', { reason: campaign.rejection_reason })}
                </Text>
              )}
              <Anchor
                component={Link}
                to={revisePath(merchantIdent, campaign)}
                size="sm"
                fw={600}
                aria-label={t('dashboard.todo.reviseCampaign', { title })}
              >
                {t('dashboard.todo.next')}
              </Anchor>
            </td>
          </tr>
        );
      })}
    </>
  );
}

export { RejectedCampaignRows as default };
