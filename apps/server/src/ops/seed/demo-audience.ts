/**
 * The demo's audience in the consumer app and what it does: each merchant's
 * people (genders, years of birth, kids), and the participations and views
 * they send a running or ended campaign day by day. Drawn from a seeded
 * sequence, so that the demo looks the same every time.
 */
import { randomUUID } from 'node:crypto';
import { dayIn, type ParticipantGender } from '@backoffice/domain';
import type { PlannedCampaign } from './demo-plan.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** People each merchant with campaigns has in the consumer app. */
const PEOPLE_PER_MERCHANT = 320;
/** The oldest age of a kid in the demo profiles (kid statistics count kids up to 14). */
const OLDEST_KID = 14;

/** mulberry32: a small seeded generator, so that the demo looks the same every time. */
export function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Random = ReturnType<typeof generator>;

export interface Person {
  id: string;
  gender: ParticipantGender | null;
  birthYear: number | null;
  kids: { gender: ParticipantGender | null; birthYear: number }[];
}

/**
 * The people of a merchant's app audience: about half are parents of one to
 * three kids aged 0 to 14, spread over every age; parents are 22 to 40
 * years older than their oldest kid, the others 18 to 78.
 */
export function people(prefix: string, year: number, random: Random): Person[] {
  return Array.from({ length: PEOPLE_PER_MERCHANT }, (_, index) => {
    const roll = random();
    const gender: ParticipantGender | null =
      roll < 0.05 ? null : roll < 0.08 ? 'diverse' : roll < 0.56 ? 'female' : 'male';
    const kids: Person['kids'] = [];
    if (random() < 0.55) {
      const count = random() < 0.45 ? 1 : random() < 0.75 ? 2 : 3;
      let age = Math.floor(random() * (OLDEST_KID + 1));
      for (let k = 0; k < count && age >= 0 && age <= OLDEST_KID; k += 1) {
        const kidRoll = random();
        kids.push({
          gender: kidRoll < 0.03 ? null : kidRoll < 0.52 ? 'female' : 'male',
          birthYear: year - age,
        });
        const gap = 1 + Math.floor(random() * 4);
        age = age + gap <= OLDEST_KID ? age + gap : age - gap - 1;
        if (kids.some((kid) => kid.birthYear === year - age)) break;
      }
    }
    const oldestKid = Math.max(-1, ...kids.map((kid) => year - kid.birthYear));
    const age =
      oldestKid >= 0
        ? oldestKid + 22 + Math.floor(random() * 19)
        : 18 + Math.floor(random() ** 1.3 * 61);
    return {
      id: `demo-${prefix}-${index}`,
      gender,
      // Some people leave their year of birth out.
      birthYear: random() < 0.06 ? null : year - age,
      kids,
    };
  });
}

/** The profile a person has on the day of an event: kids born later are not in it yet. */
function profileOn(person: Person, eventYear: number) {
  return {
    gender: person.gender,
    birth_year: person.birthYear,
    kids: person.kids
      .filter((kid) => kid.birthYear <= eventYear)
      .map((kid) => ({ gender: kid.gender, birth_year: kid.birthYear })),
  };
}

/** How many people take part on a day: more on weekends, at the start and in a sweepstake's last days. */
function dailyParticipations(
  planned: PlannedCampaign,
  { day, days, weekday }: { day: number; days: number; weekday: number },
  random: Random,
): number {
  const base = planned.type.startsWith('sweepstake/')
    ? 7
    : planned.type.startsWith('tip/')
      ? 3
      : 4.5;
  const weekend = weekday === 0 || weekday === 6 ? 1.7 : 1;
  const launch = 1 + 1.2 * Math.exp(-day / 6);
  const finish = planned.type.includes('sweepstake') && days - day <= 3 ? 1.6 : 1;
  return Math.round(base * weekend * launch * finish * (0.6 + random() * 0.8));
}

/** Participations and views of a running or ended campaign, from its start until now. */
export function eventsOf(
  planned: PlannedCampaign,
  {
    campaignId,
    audience,
    now,
    timeZone,
    random,
  }: { campaignId: string; audience: Person[]; now: Date; timeZone: string; random: Random },
): object[] {
  const start = planned.runtime.from.getTime();
  const end = Math.min(planned.runtime.until.getTime(), now.getTime());
  const days = Math.max(1, Math.ceil((end - start) / DAY));
  const events: object[] = [];
  for (let day = 0; day < days; day += 1) {
    const date = new Date(start + day * DAY);
    const count = dailyParticipations(planned, { day, days, weekday: date.getUTCDay() }, random);
    for (let i = 0; i < count; i += 1) {
      // Mostly between 7 and 22 o'clock, as people use their phones.
      const at = new Date(date.getTime() + (7 + random() ** 0.9 * 15) * HOUR);
      if (at.getTime() > end) continue;
      // Some people take part again and again; most once or twice.
      const person = audience[Math.floor(random() ** 1.6 * audience.length)];
      if (!person) continue;
      const occurred = at.toISOString();
      events.push({
        id: randomUUID(),
        type: 'participation',
        campaign: campaignId,
        participant: person.id,
        occurred_at: occurred,
        profile: profileOn(person, Number(dayIn(at, timeZone).slice(0, 4))),
      });
      for (const [type, share] of [
        ['view_list', 3.2],
        ['view_detail', 1.4],
        ['view_mail', 0.3],
      ] as const) {
        const views = Math.floor(share + random());
        for (let v = 0; v < views; v += 1) {
          events.push({ id: randomUUID(), type, campaign: campaignId, occurred_at: occurred });
        }
      }
    }
  }
  return events;
}
