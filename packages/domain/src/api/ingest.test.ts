import { describe, expect, it } from 'vitest';
import { ingestEventSchema } from './ingest.js';

const berlin = ingestEventSchema('Europe/Berlin');

const participation = (occurredAt: string, profile: object) => ({
  id: '6f1c2d8e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  type: 'participation',
  campaign: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  participant: 'p-1',
  occurred_at: occurredAt,
  profile,
});

/** The refused fields of an event, as ingest names them. */
function refused(schema: typeof berlin, event: object): string[] {
  const parsed = schema.safeParse(event);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('birth years of an ingest event', () => {
  it('takes birth years up to the year of the event', () => {
    const event = participation('2026-06-01T10:00:00Z', {
      birth_year: 1990,
      kids: [
        { gender: 'female', birth_year: 2026 },
        { gender: 'male', birth_year: 1990 },
      ],
    });
    expect(refused(berlin, event)).toEqual([]);
  });

  it('refuses a participant or kid born after the event, and a kid born before the parent', () => {
    const future = participation('2026-06-01T10:00:00Z', { birth_year: 2027 });
    expect(refused(berlin, future)).toEqual(['profile.birth_year']);
    const event = participation('2026-06-01T10:00:00Z', {
      birth_year: 1980,
      kids: [{ birth_year: 2020 }, { birth_year: 2100 }, { birth_year: 1955 }],
    });
    expect(refused(berlin, event)).toEqual([
      'profile.kids.1.birth_year',
      'profile.kids.2.birth_year',
    ]);
    const parsed = berlin.safeParse(event);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      'invalid_value',
      'invalid_value',
    ]);
  });

  it('reads the event’s year in the configured time zone', () => {
    // 23:30 UTC on New Year's Eve is already the new year in Berlin.
    const event = participation('2025-12-31T23:30:00Z', { kids: [{ birth_year: 2026 }] });
    expect(refused(berlin, event)).toEqual([]);
    expect(refused(ingestEventSchema('UTC'), event)).toEqual(['profile.kids.0.birth_year']);
  });
});
