/** The campaign tables' phase column: the phase badge and the runtime below it, each date on one line. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CampaignColumn } from '../../../shared/resources/campaigns/campaign-table';
import { formatDateTime } from '../../../shared/format/date-time';
import classes from './campaign-list-table.module.css';
import { PhaseBadge } from './phase-badge';

const ROW_BADGE = { size: 'sm' } as const;

export function usePhaseColumn(): CampaignColumn {
  const { t } = useTranslation();
  return {
    id: 'phase',
    header: t('campaigns.fields.phase'),
    cell: (row, _title, layout) => (
      <>
        {/* In a table row the smaller badge keeps the column narrow enough for 1280 px. */}
        <PhaseBadge
          phase={row.phase}
          status={row.current_status}
          {...(layout === 'row' ? ROW_BADGE : {})}
        />
        {row.valid_from && (
          <Text size="xs" c="dimmed" className={classes.line}>
            {t('campaigns.values.from', { date: formatDateTime(row.valid_from) })}
          </Text>
        )}
        {row.valid_until && (
          <Text size="xs" c="dimmed" className={classes.line}>
            {t('campaigns.values.until', { date: formatDateTime(row.valid_until) })}
          </Text>
        )}
      </>
    ),
  };
}
