/**
 * What the consumer app reports (POST /api/ingest/events): participations and
 * views of campaigns by pseudonymous participants, and wins it handled. Each
 * event is checked on its own: the valid ones of a batch are kept, the others
 * are answered with their index, message key and field. An event's id is
 * its receipt (docs/api.md, "When an event is a resend").
 */
import { z } from 'zod';
import { ACCESS_CODE_MAX_LENGTH } from '../access-code-set/access-code-set.js';
import { dayIn } from '../calendar/date-format.js';
import {
  EVENT_TYPES,
  PARTICIPANT_EVENT_TYPES,
  ZParticipantId,
  ZParticipantProfile,
  type TParticipantProfile,
} from '../stats/events.js';
import { ZDateTime, ZUuid } from './common.js';

/** Events in one request. */
export const INGEST_BATCH_MAX = 1000;

const ZEventUuid = ZUuid;

/**
 * The birth years of a profile against the event's year (in the time zone
 * the statistics count in, whose year their ages are computed from): nobody
 * is born after the event, and no kid before its parent.
 */
function checkBirthYears(
  profile: TParticipantProfile | undefined,
  eventYear: () => number,
  context: z.RefinementCtx,
): void {
  if (!profile) return;
  let year: number | undefined;
  const latest = () => (year ??= eventYear());
  const refuse = (path: (string | number)[]) =>
    context.addIssue({ code: 'custom', path: ['profile', ...path], message: 'invalid_value' });
  if (profile.birth_year !== null && profile.birth_year > latest()) refuse(['birth_year']);
  profile.kids.forEach((kid, index) => {
    if (kid.birth_year === null) return;
    if (
      kid.birth_year > latest() ||
      (profile.birth_year !== null && kid.birth_year < profile.birth_year)
    ) {
      refuse(['kids', index, 'birth_year']);
    }
  });
}

/**
 * One event, checked with the year of its `occurred_at` in `timeZone`.
 * `participant` is required for the PARTICIPANT_EVENT_TYPES; a view may name
 * one, but it is not kept.
 */
export function ingestEventSchema(timeZone: string) {
  return z
    .object({
      /**
       * The event's own id, its receipt: with the same `occurred_at` a
       * duplicate as long as events are kept; within EVENT_RECEIPT_DAYS of its
       * receipt a duplicate whatever else it carries.
       */
      id: ZEventUuid,
      type: z.enum(EVENT_TYPES),
      campaign: ZEventUuid,
      occurred_at: ZDateTime,
      participant: ZParticipantId.optional(),
      /** With a participation: the participant's profile as it is now. */
      profile: ZParticipantProfile.optional(),
      /** With win_handled: the win that was handled. */
      win: ZEventUuid.optional(),
      /** With code_used: the access-code set and the code used. */
      access_code_set: ZEventUuid.optional(),
      code: z.string().trim().min(1).max(ACCESS_CODE_MAX_LENGTH, 'too_long').optional(),
    })
    .superRefine((event, context) => {
      const needsParticipant = PARTICIPANT_EVENT_TYPES.includes(event.type);
      if (needsParticipant && !event.participant) {
        context.addIssue({
          code: 'custom',
          path: ['participant'],
          message: 'required_field_missing',
        });
      }
      if (event.type === 'win_handled' && !event.win) {
        context.addIssue({ code: 'custom', path: ['win'], message: 'required_field_missing' });
      }
      if (event.type === 'code_used') {
        for (const field of ['access_code_set', 'code'] as const) {
          if (!event[field]) {
            context.addIssue({ code: 'custom', path: [field], message: 'required_field_missing' });
          }
        }
      }
      checkBirthYears(
        event.profile,
        () => Number(dayIn(new Date(event.occurred_at), timeZone).slice(0, 4)),
        context,
      );
    });
}

/** One event as the API document and the types know it (years in UTC). */
export const ZIngestEvent = ingestEventSchema('UTC');
export type TIngestEvent = z.infer<typeof ZIngestEvent>;

export const ZIngestBatch = z
  .object({
    /** Checked one by one (ZIngestEvent), so that one bad event does not cost the others. */
    events: z.array(z.unknown()).min(1).max(INGEST_BATCH_MAX),
  })
  .meta({
    // The example of docs/api.md, "Events".
    examples: [
      {
        events: [
          {
            id: '5b1f8f0e-7c2a-4d5e-9f10-3a2b1c0d9e8f',
            type: 'participation',
            campaign: '0b9f6c1e-5d1a-4c57-9a43-2f7d9e0c1a11',
            participant: 'app-user-1',
            occurred_at: '2025-05-20T14:03:11+02:00',
            profile: {
              gender: 'female',
              birth_year: 1986,
              kids: [{ gender: 'male', birth_year: 2019 }],
            },
          },
          {
            id: 'c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f',
            type: 'view_list',
            campaign: '0b9f6c1e-5d1a-4c57-9a43-2f7d9e0c1a11',
            occurred_at: '2025-05-20T14:02:58+02:00',
          },
        ],
      },
    ],
  });

export const ZIngestRejection = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  message: z.string(),
  field: z.string().optional(),
});

export const ZIngestResponse = z
  .object({
    /** Events stored now. */
    accepted: z.number().int(),
    /** Events whose id was received before (whatever time they carry now): nothing changed. */
    duplicates: z.number().int(),
    rejected: z.array(ZIngestRejection),
  })
  .meta({
    examples: [
      {
        accepted: 1,
        duplicates: 0,
        rejected: [
          {
            index: 1,
            id: 'c3d2e1f0-a9b8-4c7d-8e6f-5a4b3c2d1e0f',
            message: 'campaign_not_published',
            field: 'campaign',
          },
        ],
      },
    ],
  });
export type TIngestResponse = z.infer<typeof ZIngestResponse>;
