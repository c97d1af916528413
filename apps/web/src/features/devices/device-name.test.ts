/**
 * A device reads as its browser on its system in the chosen language
 * ("Chrome auf Linux", "Chrome on Linux"); what the User-Agent leaves out
 * is left out, and a device it names nothing of is an unknown device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadTexts } from '../../shared/i18n/i18n';
import { deviceName } from './device-name';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  await loadTexts('devices');
});
afterAll(async () => {
  await changeLanguage('de');
});

describe('deviceName', () => {
  it('joins browser and system in German and English', async () => {
    await changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(deviceName(t, { browser: 'Chrome', system: 'Linux' })).toBe('Chrome auf Linux');
    expect(deviceName(t, { browser: 'Safari', system: null })).toBe('Safari');
    expect(deviceName(t, { browser: null, system: 'Android' })).toBe('Android');
    expect(deviceName(t, { browser: null, system: null })).toBe('Unbekanntes Gerät');
    await changeLanguage('en');
    expect(deviceName(t, { browser: 'Firefox', system: 'Windows' })).toBe('Firefox on Windows');
    expect(deviceName(t, { browser: null, system: null })).toBe('Unknown device');
  });

  it('counts the other devices signed out in both languages', async () => {
    await changeLanguage('de');
    expect(i18n.t('devices.alerts.endedOthers', { count: 1 })).toBe(
      '1 anderes Gerät wurde abgemeldet',
    );
    expect(i18n.t('devices.alerts.endedOthers', { count: 3 })).toBe(
      '3 andere Geräte wurden abgemeldet',
    );
    await changeLanguage('en');
    expect(i18n.t('devices.alerts.endedOthers', { count: 1 })).toBe(
      '1 other device was signed out',
    );
  });
});
