/**
 * The winner draw itself, a pure function an auditor can run again: the
 * distinct participants sorted, a hash of that list, and a seed. Each
 * participant's place is HMAC-SHA256(seed, id); the lowest places win, one
 * prize unit each, in the order of the prizes. Nobody wins twice in one draw,
 * and with a secret random seed (32 bytes from the system's CSPRNG) nobody
 * can predict or steer the order.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface PrizeUnits {
  /** The prize's position in the campaign's prize list. */
  prizeIndex: number;
  count: number;
}

export interface DrawResult {
  seed: string;
  participantsHash: string;
  participantCount: number;
  winners: { prizeIndex: number; participantId: string }[];
}

export const newSeed = (): string => randomBytes(32).toString('hex');

/** SHA-256 of the sorted participant ids, one per line. */
export function participantsHash(sortedIds: readonly string[]): string {
  return createHash('sha256').update(sortedIds.join('\n')).digest('hex');
}

export function drawWinners(
  participantIds: readonly string[],
  prizes: readonly PrizeUnits[],
  seed: string,
): DrawResult {
  const sorted = [...new Set(participantIds)].sort();
  const order = sorted
    .map((id) => ({ id, place: createHmac('sha256', seed).update(id).digest('hex') }))
    .sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : a.id < b.id ? -1 : 1));
  const winners: DrawResult['winners'] = [];
  let next = 0;
  for (const prize of prizes) {
    for (let unit = 0; unit < prize.count && next < order.length; unit += 1) {
      const winner = order[next];
      next += 1;
      if (winner) winners.push({ prizeIndex: prize.prizeIndex, participantId: winner.id });
    }
  }
  return {
    seed,
    participantsHash: participantsHash(sorted),
    participantCount: sorted.length,
    winners,
  };
}
