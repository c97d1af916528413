/** A thin bar at the top of the page while requests run (spec §8 "busy indicator"). */
import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../api/busy-store';

export function BusyIndicator() {
  const { t } = useTranslation();
  const busy = useBusy();
  if (!busy) return null;
  return (
    <Progress
      value={100}
      animated
      size={3}
      radius={0}
      aria-label={t('app.busy')}
      data-testid="busy-indicator"
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
    />
  );
}
