/**
 * A part of a screen that loads and renders once its place comes into view
 * (and then stays): heavy parts below the fold (charts with their libraries)
 * stay out of the first load. Until then the place keeps `minHeight`, so the
 * screen does not jump when the part arrives. The part renders as a
 * transition, in slices between other work, with the loader in its place
 * until its code is there.
 */
import { Loader } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface WhenVisibleProps {
  /** The height the place keeps until the part is there, in pixels. */
  minHeight: number;
  /** The part; typically a lazy component. */
  children: ReactNode;
  'data-testid'?: string;
}

export function WhenVisible({ minHeight, children, 'data-testid': testId }: WhenVisibleProps) {
  const { t } = useTranslation();
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (inViewport) startTransition(() => setSeen(true));
  }, [inViewport]);
  const loader = <Loader aria-label={t('app.loading')} />;
  return (
    <div ref={ref} style={{ minHeight: seen ? undefined : minHeight }} data-testid={testId}>
      {seen ? <Suspense fallback={loader}>{children}</Suspense> : loader}
    </div>
  );
}
