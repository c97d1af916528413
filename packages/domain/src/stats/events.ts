/**
 * The events the consumer app reports about campaigns (participations, views,
 * handled wins, used access codes) and the pseudonymous participants they
 * name, with their profiles; the ingest API's schemas are api/ingest.ts.
 */
import { z } from 'zod';

export const EVENT_TYPES = [
  'participation',
  'view_list',
  'view_detail',
  'view_mail',
  'win_handled',
  /** A participant used an access code of a set linked to the campaign. */
  'code_used',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The events that are about one participant: they name them, and only with
 * these is the participant kept (a view counts without knowing who viewed).
 */
export const PARTICIPANT_EVENT_TYPES: readonly EventType[] = [
  'participation',
  'win_handled',
  'code_used',
];

export const PARTICIPANT_GENDERS = ['female', 'male', 'diverse'] as const;
export type ParticipantGender = (typeof PARTICIPANT_GENDERS)[number];

/** A participant's pseudonymous id as the consumer app knows it: no address, no name. */
export const ZParticipantId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

const birthYear = z.number().int().min(1900).max(2100).nullable().default(null);
const gender = z.enum(PARTICIPANT_GENDERS).nullable().default(null);

export const ZKid = z.object({ gender, birth_year: birthYear });
export const ZParticipantProfile = z.object({
  gender,
  birth_year: birthYear,
  kids: z.array(ZKid).max(20).default([]),
});
export type TParticipantProfile = z.infer<typeof ZParticipantProfile>;
