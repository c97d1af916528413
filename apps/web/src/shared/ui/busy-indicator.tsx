/**
 * A thin bar at the top of the page while data loads or a change is sent
 * (spec §8 "busy indicator"): while any query fetches or any mutation runs,
 * as TanStack Query counts them. It sits inside the shell's query provider
 * (the sign-in pages, which do not query, load without it).
 */
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './busy-indicator.module.css';

export function BusyIndicator() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
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
