/**
 * The mails an account can receive (docs/product.md#notifications): per account a switch
 * per event. Until an account chooses, contact accounts receive all of them
 * and the others none.
 */
import type { AccountRole } from './roles.js';

export const NOTIFICATION_EVENTS = [
  'campaign_approved',
  'campaign_rejected',
  'campaign_started',
  'campaign_ended',
  'open_wins',
  'weekly_statistics',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export type NotificationSettings = Record<NotificationEvent, boolean>;

export function defaultNotificationSettings(roles: readonly AccountRole[]): NotificationSettings {
  const on = roles.includes('contact');
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [event, on]),
  ) as NotificationSettings;
}

export function effectiveNotificationSettings(
  stored: Partial<NotificationSettings> | null,
  roles: readonly AccountRole[],
): NotificationSettings {
  return { ...defaultNotificationSettings(roles), ...(stored ?? {}) };
}

/** The event a campaign status mail belongs to, if any. */
export function notificationEventForStatus(status: string): NotificationEvent | undefined {
  switch (status) {
    case 'approved':
      return 'campaign_approved';
    case 'rejected':
      return 'campaign_rejected';
    case 'active':
      return 'campaign_started';
    case 'ended':
      return 'campaign_ended';
    default:
      return undefined;
  }
}
