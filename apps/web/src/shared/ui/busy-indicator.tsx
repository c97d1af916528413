/** A thin bar at the top of the page while requests run (spec §8 "busy indicator"). */
import { useTranslation } from 'react-i18next';
import { useBusy } from '../api/busy-store';
import classes from './busy-indicator.module.css';

export function BusyIndicator() {
  const { t } = useTranslation();
  const busy = useBusy();
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('app.busy')}
      aria-busy="true"
      data-testid="busy-indicator"
      className={classes.bar}
    />
  );
}
