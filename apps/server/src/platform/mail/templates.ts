/** Texts of the mails the server sends, from the mail catalogue. */
import { formatCountIn, type CampaignStatus } from '@backoffice/domain';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

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

/** The languages of the mails written per recipient; German is the first and the fallback. */
export const MAIL_LANGUAGES = ['de', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The mail language of a user's locale ('en', 'en-GB', 'de-AT'); German when it has none. */
export function mailLanguage(locale: string | null | undefined): MailLanguage {
  const language = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return MAIL_LANGUAGES.find((known) => known === language) ?? 'de';
}

/**
 * The locale numbers and dates of a mail are written in: the configured
 * LOCALE when it is of the mail's language (de-CH: 12’345), else the
 * language's own (en: 12,345).
 */
const writingLocale = (language: MailLanguage, configured: string) =>
  mailLanguage(configured) === language ? configured : language;

const weeklyTexts: Record<MailLanguage, typeof de.weeklyStatistics> = {
  de: de.weeklyStatistics,
  en: en.weeklyStatistics,
};

/**
 * The weekly statistics: the past calendar week's participations and views
 * (its first and last day, yyyy-mm-dd) beside the totals, in the
 * recipient's language.
 */
export function weeklyStatisticsMail(values: {
  merchant: string;
  week: { from: string; until: string };
  weekParticipations: number;
  weekViews: number;
  running: number;
  participations: number;
  views: number;
  appName: string;
  /** The configured LOCALE. */
  locale: string;
  language: MailLanguage;
}): { subject: string; text: string } {
  const texts = weeklyTexts[values.language];
  const locale = writingLocale(values.language, values.locale);
  const count = (value: number) => formatCountIn(value, locale);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (yyyyMmDd: string) => date.format(new Date(`${yyyyMmDd}T00:00:00Z`));
  const filled = {
    merchant: values.merchant,
    appName: values.appName,
    from: day(values.week.from),
    until: day(values.week.until),
    weekParticipations: count(values.weekParticipations),
    weekViews: count(values.weekViews),
    running: count(values.running),
    participations: count(values.participations),
    views: count(values.views),
  };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}

/** What happened to an account's security (security_events.kind), each with its mail text. */
export const SECURITY_EVENT_KINDS = [
  'password_reset',
  'password_changed',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_reset',
  'recovery_code_used',
  'recovery_codes_renewed',
  'sessions_ended',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

const securityTexts: Record<MailLanguage, typeof de.securityEvent> = {
  de: de.securityEvent,
  en: en.securityEvent,
};

/**
 * The mail to an account about a security event: what happened, when (in
 * TIME_ZONE), from which address and browser, who did it when not the
 * account itself, and where to go when it was not them.
 */
export function securityEventMail(values: {
  kind: SecurityEventKind;
  email: string;
  at: Date;
  /** Client address and browser ("Chrome auf Linux") of the request, when known. */
  address?: string | null;
  browser?: string | null;
  /** Who did it, when not the account itself (an admin's email). */
  actor?: string | null;
  link: string;
  appName: string;
  locale: string;
  timeZone: string;
  language: MailLanguage;
}): { subject: string; text: string } {
  const texts = securityTexts[values.language];
  const locale = writingLocale(values.language, values.locale);
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: values.timeZone,
  }).format(values.at);
  const event = texts.events[values.kind];
  const from =
    values.address || values.browser
      ? fill(texts.from, {
          address: values.address ?? '–',
          browser: values.browser ?? '–',
        })
      : '';
  const actor = values.actor ? fill(texts.actor, { actor: values.actor }) : '';
  const filled = { event, email: values.email, when, from, actor, link: values.link };
  return {
    subject: fill(texts.subject, { ...filled, appName: values.appName }),
    text: fill(texts.body, { ...filled, appName: values.appName }),
  };
}

const passwordResetTexts: Record<MailLanguage, typeof de.passwordReset> = {
  de: de.passwordReset,
  en: en.passwordReset,
};

/** The mail with a password reset link: valid `minutes`, until `expires` (in TIME_ZONE). */
export function passwordResetMail(values: {
  email: string;
  link: string;
  expires: Date;
  minutes: number;
  appName: string;
  locale: string;
  timeZone: string;
  language: MailLanguage;
}): { subject: string; text: string } {
  const texts = passwordResetTexts[values.language];
  const locale = writingLocale(values.language, values.locale);
  const expires = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: values.timeZone,
  }).format(values.expires);
  const filled = {
    email: values.email,
    link: values.link,
    expires,
    minutes: formatCountIn(values.minutes, locale),
    appName: values.appName,
  };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}

/** The mail to an endpoint's owners when the product switched it off after days of failed deliveries. */
export function webhookDisabledMail(values: {
  url: string;
  merchant: string | null;
  since: Date;
  lastError: string;
  link: string;
  appName: string;
  timeZone: string;
}): { subject: string; text: string } {
  const texts = de.webhookDisabled;
  const since = new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: values.timeZone,
  }).format(values.since);
  const filled = {
    url: values.url,
    merchant: values.merchant === null ? '' : fill(texts.merchant, { merchant: values.merchant }),
    since,
    lastError: values.lastError,
    link: values.link,
    appName: values.appName,
  };
  return { subject: fill(texts.subject, filled), text: fill(texts.body, filled) };
}
