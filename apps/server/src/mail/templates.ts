/** Texts of the mails the server sends, from the mail catalogue. */
import type { CampaignStatus } from '@backoffice/domain';
import de from './locales/de.json' with { type: 'json' };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);

/** Counts as the catalogue's language writes them (de: 12.345), as the web app's dashboard shows them. */
const counts = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const formatCount = (value: number) => counts.format(value);

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

export function openWinsMail(values: {
  merchant: string;
  count: number;
  link: string;
  appName: string;
}): { subject: string; text: string } {
  const texts = de.openWins;
  const filled = { ...values, count: formatCount(values.count) };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}

export function weeklyStatisticsMail(values: {
  merchant: string;
  running: number;
  participations: number;
  views: number;
  appName: string;
}): { subject: string; text: string } {
  const texts = de.weeklyStatistics;
  const filled = {
    ...values,
    running: formatCount(values.running),
    participations: formatCount(values.participations),
    views: formatCount(values.views),
  };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}
