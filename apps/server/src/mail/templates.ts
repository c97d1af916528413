/** Texts of the mails the server sends, from the mail catalogue. */
import { formatCountIn, type CampaignStatus } from '@backoffice/domain';
import de from './locales/de.json' with { type: 'json' };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

/**
 * The text of a count in its singular or plural ("1 offener Gewinn", "2
 * offene Gewinne"), by the language's plural rule, as i18next picks the web
 * app's `_one`/`_other` texts.
 */
const plurals = new Intl.PluralRules('de');
const byCount = <T>(texts: { one: T; other: T }, count: number): T =>
  plurals.select(count) === 'one' ? texts.one : texts.other;

export function campaignStatusMail(values: {
  title: string;
  merchant: string;
  status: CampaignStatus;
  reason: string | null;
  appName: string;
}): { subject: string; text: string } {
  const texts = de.campaignStatus;
  const status = texts.status[values.status];
  const reason = values.reason ? fill(texts.reason, { reason: values.reason }) : '';
  return {
    subject: fill(texts.subject, { title: values.title, status }),
    text: fill(texts.body, { ...values, status, reason }),
  };
}

export function invitationMail(values: {
  merchant: string;
  inviter: string;
  email: string;
  link: string;
  expires: string;
  appName: string;
}): { subject: string; text: string } {
  const texts = de.invitation;
  return { subject: fill(texts.subject, values), text: fill(texts.body, values) };
}

/** Counts are written in the configured locale (LOCALE), as the web app's dashboard shows them. */
export function openWinsMail(values: {
  merchant: string;
  count: number;
  link: string;
  appName: string;
  locale: string;
}): { subject: string; text: string } {
  const texts = de.openWins;
  const filled = { ...values, count: formatCountIn(values.count, values.locale) };
  const subject = byCount({ one: texts.subject_one, other: texts.subject_other }, values.count);
  const body = byCount({ one: texts.body_one, other: texts.body_other }, values.count);
  return { subject: fill(subject, filled), text: fill(body, filled) };
}

export function weeklyStatisticsMail(values: {
  merchant: string;
  running: number;
  participations: number;
  views: number;
  appName: string;
  locale: string;
}): { subject: string; text: string } {
  const texts = de.weeklyStatistics;
  const count = (value: number) => formatCountIn(value, values.locale);
  const filled = {
    ...values,
    running: count(values.running),
    participations: count(values.participations),
    views: count(values.views),
  };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}
