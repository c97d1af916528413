/**
 * What a planned demo campaign is stored as: the wizard's fields (texts,
 * runtime, offer or prizes) and its timeline (when it was made and last
 * edited, and the status changes that brought it where it is).
 */
import {
  emptyCampaignContent,
  wallClockIn,
  type CampaignStatus,
  type TCampaignContent,
} from '@backoffice/domain';
import type { Random } from './demo-audience.js';
import type { PlannedCampaign } from './demo-plan.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The wizard's fields of a planned campaign: texts, runtime, offer or prizes. */
export function contentFor(planned: PlannedCampaign): TCampaignContent {
  const { theme, runtime, type } = planned;
  const content = emptyCampaignContent();
  content.title = { de: theme.title };
  content.short_description = { de: theme.shortDescription };
  content.description = { de: `<p>${theme.description}</p>` };
  content.valid_from = runtime.from.toISOString();
  content.valid_until = runtime.until.toISOString();
  if (type.startsWith('tip/')) content.tags = theme.tags ?? ['mode'];
  if (theme.prizes) {
    content.prizes = theme.prizes.map((prize) => ({
      count: prize.count,
      value: prize.value,
      name: prize.name,
      short_description: '',
      win_needs_response: prize.pickup,
      winner_instructions: prize.pickup
        ? 'Bitte holen Sie Ihren Gewinn innerhalb von vier Wochen in der Filiale ab.'
        : '',
      redemption: prize.pickup ? 'store_pickup' : 'download',
    }));
  }
  const benefit = theme.benefit ?? {};
  switch (type) {
    case 'coupon/percent':
      content.benefit.percent_discount = benefit.percent ?? 10;
      break;
    case 'coupon/absolute':
      content.benefit.abs_discount = benefit.abs ?? 100;
      content.benefit.original_value = benefit.original ?? null;
      break;
    case 'coupon/free':
      content.benefit.original_value = benefit.original ?? null;
      break;
    case 'coupon/m_for_n':
      content.benefit.get_m = benefit.getM ?? 3;
      content.benefit.pay_n = benefit.payN ?? 2;
      break;
    case 'coupon/offer':
    case 'tip/offer':
      content.benefit.original_value = benefit.original ?? null;
      content.benefit.discounted_value = benefit.discounted ?? null;
      break;
    default:
      break;
  }
  if (type.startsWith('coupon/')) content.coupon.redemption = 'offline';
  return content;
}

export interface HistoryEntry {
  from: CampaignStatus | null;
  to: CampaignStatus;
  userId: string | null;
  reason: string | null;
  at: Date;
}

/**
 * An instant moved into office hours (8 to 19 o'clock in the time zone) on
 * its day, minutes kept: people make, edit and review campaigns at work.
 */
function officeHours(ms: number, timeZone: string): number {
  const hour = Number(wallClockIn(new Date(ms), timeZone).slice(11, 13));
  return hour >= 8 && hour < 19 ? ms : ms + (8 + (hour % 11) - hour) * HOUR;
}

/**
 * When the campaign was made, last edited by its merchant, and the status
 * changes that brought it where it is: made and submitted by the merchant's
 * user, taken into review and decided by the admin (in office hours, one
 * after the other), started and ended by the scheduler at its runtime's
 * edges. Every time lies before now.
 */
export function timeline(
  planned: PlannedCampaign,
  {
    now,
    timeZone,
    people,
    random,
  }: {
    now: Date;
    timeZone: string;
    /** The merchant's user who made it, and the admin who reviewed it. */
    people: { editorId: string | null; adminId: string | null };
    random: Random;
  },
): { createdAt: Date; modifiedAt: Date; history: HistoryEntry[] } {
  const t = now.getTime();
  const from = planned.runtime.from.getTime();
  const { editorId, adminId } = people;
  // Each step some hours after the one before, in office hours, never after now.
  const after = (previous: number, hours: number) =>
    Math.min(
      t - 60_000,
      Math.max(previous + 600_000, officeHours(previous + hours * HOUR, timeZone)),
    );
  const created = officeHours(
    Math.min(from - 14 * DAY, t - 3 * DAY) - random() * 10 * DAY,
    timeZone,
  );
  const submitted = after(created, 12 + random() * 12);
  const reviewed = after(submitted, 2 + random() * 18);
  const decided = after(reviewed, 1 + random() * 5);
  const steps: [CampaignStatus, string | null, number, string | null][] = [
    ['created', editorId, created, null],
  ];
  const status = planned.status;
  if (status !== 'created') steps.push(['submitted', editorId, submitted, null]);
  if (status !== 'created' && status !== 'submitted')
    steps.push(['start_review', adminId, reviewed, null]);
  if (status === 'rejected') steps.push(['rejected', adminId, decided, planned.rejection ?? null]);
  if (status === 'approved' || status === 'active' || status === 'ended')
    steps.push(['approved', adminId, decided, null]);
  if (status === 'active' || status === 'ended') steps.push(['active', null, from, null]);
  if (status === 'ended') steps.push(['ended', null, planned.runtime.until.getTime(), null]);
  const history = steps.map(([to, userId, at, reason], index) => ({
    from: index === 0 ? null : (steps[index - 1]?.[0] ?? null),
    to,
    userId,
    reason,
    at: new Date(Math.min(at, t)),
  }));
  // A draft was touched again lately; anything else was last edited when it was submitted.
  const modified =
    status === 'created'
      ? after(created, Math.max(0, t - created) / HOUR - 12 - random() * 36)
      : submitted;
  return { createdAt: new Date(created), modifiedAt: new Date(modified), history };
}
