/** A session's device as people recognise it: "Chrome auf Linux", in the chosen language. */
import type { TMySession } from '@backoffice/domain';
import type { TFunction } from 'i18next';

export function deviceName(t: TFunction, session: Pick<TMySession, 'browser' | 'system'>): string {
  const { browser, system } = session;
  if (browser && system) return t('devices.values.browserOn', { browser, system });
  return browser ?? system ?? t('devices.values.unknownDevice');
}
