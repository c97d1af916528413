/** Contract of the notification settings per account (docs/product.md#notifications). */
import { z } from 'zod';
import { NOTIFICATION_EVENTS, type NotificationSettings } from '../account/notifications.js';

export const ZNotificationSettings = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, z.boolean()])) as Record<
    keyof NotificationSettings,
    z.ZodBoolean
  >,
);

export const ZNotificationRow = z.object({
  account_id: z.string(),
  email: z.string(),
  is_self: z.boolean(),
  /** Whether the caller may change this account's settings (own account or manage-accounts). */
  editable: z.boolean(),
  settings: ZNotificationSettings,
});
export type TNotificationRow = z.infer<typeof ZNotificationRow>;

export const ZNotificationListResponse = z.object({ rows: z.array(ZNotificationRow) });
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

export const ZNotificationSaveBody = z.object({ settings: ZNotificationSettings });
export type TNotificationSaveBody = z.infer<typeof ZNotificationSaveBody>;
