/**
 * The winner draw itself, pure functions an auditor can run again. Each
 * candidate has a key; the keys are sorted, and each one's place is
 * HMAC-SHA256(seed, key), both as lowercase hex text; the lowest places win,
 * one prize unit each, in the order of the prizes. Nobody wins twice in one
 * draw, and with a secret random seed (32 bytes from the system's CSPRNG)
 * nobody can predict or steer the order.
 *
 * Scheme 2 (every new draw): a candidate's key is the SHA-256 of their
 * participant id (the leaf); the sorted leaves, one per line, are kept with
 * the draw, and the draw's hash is the SHA-256 of that text. Seed, leaves and
 * prize units repeat the draw without any participant id, so an erasure
 * (which replaces a winner's id) leaves it verifiable.
 * Scheme 1 (draws made before): the keys were the participant ids
 * themselves, and only the hash of their list was kept.
 */
import { createHmac, createSecretKey, hash, randomBytes } from 'node:crypto';

/** The scheme of every new draw. */
export const DRAW_SCHEME = 2;

export interface PrizeUnits {
  /** The prize's position in the campaign's prize list. */
  prizeIndex: number;
  count: number;
}

export const newSeed = (): string => randomBytes(32).toString('hex');

/** Lowercase hex SHA-256 of the text's UTF-8 bytes (one-shot: a third of a hash object's cost a call). */
const sha256 = (text: string) => hash('sha256', text, 'hex');

/** Scheme 2's leaf of a participant: the lowercase hex SHA-256 of the id. */
export const candidateLeaf = (participantId: string): string => sha256(participantId);

/**
 * The distinct keys, sorted, drawn: one per prize unit, in prize order, the
 * lowest HMAC-SHA256(seed, key) first (ties, which distinct keys never give
 * in practice, by the key).
 */
function pickWinners(
  sortedKeys: readonly string[],
  prizes: readonly PrizeUnits[],
  seed: string,
): { prizeIndex: number; key: string }[] {
  const units = prizes.reduce((sum, prize) => sum + Math.max(0, prize.count), 0);
  // The seed's bytes as a key object, made once: Node checks a plain key on
  // every createHmac, which costs about six times the HMAC itself.
  const seedKey = createSecretKey(seed, 'utf8');
  const order = sortedKeys
    .map((key) => ({ key, place: createHmac('sha256', seedKey).update(key).digest('hex') }))
    .sort((a, b) =>
      a.place < b.place ? -1 : a.place > b.place ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    )
    .slice(0, units);
  const winners: { prizeIndex: number; key: string }[] = [];
  let next = 0;
  for (const prize of prizes) {
    for (let unit = 0; unit < prize.count && next < order.length; unit += 1) {
      const winner = order[next];
      next += 1;
      if (winner) winners.push({ prizeIndex: prize.prizeIndex, key: winner.key });
    }
  }
  return winners;
}

export interface DrawResult {
  seed: string;
  participantsHash: string;
  participantCount: number;
  winners: { prizeIndex: number; participantId: string }[];
}

/** Scheme 1's hash: SHA-256 of the sorted participant ids, one per line. */
export function participantsHash(sortedIds: readonly string[]): string {
  return sha256(sortedIds.join('\n'));
}

/** Scheme 1, kept so that draws made with it can still be repeated from their participant ids. */
export function drawOverIds(
  participantIds: readonly string[],
  prizes: readonly PrizeUnits[],
  seed: string,
): DrawResult {
  const sorted = [...new Set(participantIds)].sort();
  return {
    seed,
    participantsHash: participantsHash(sorted),
    participantCount: sorted.length,
    winners: pickWinners(sorted, prizes, seed).map((winner) => ({
      prizeIndex: winner.prizeIndex,
      participantId: winner.key,
    })),
  };
}

/** A scheme 2 draw: besides the winners, the text of sorted leaves that is kept with it. */
export interface CandidateDraw extends DrawResult {
  /** The sorted leaves joined by '\n' (no line end after the last): `participantsHash` is its SHA-256. */
  candidateDigests: string;
}

/** Scheme 2: draws the candidates by their leaves. */
export function drawCandidates(
  participantIds: readonly string[],
  prizes: readonly PrizeUnits[],
  seed: string,
): CandidateDraw {
  const idOfLeaf = new Map<string, string>();
  for (const id of participantIds) idOfLeaf.set(candidateLeaf(id), id);
  const leaves = [...idOfLeaf.keys()].sort();
  const candidateDigests = leaves.join('\n');
  return {
    seed,
    participantsHash: sha256(candidateDigests),
    participantCount: leaves.length,
    candidateDigests,
    winners: pickWinners(leaves, prizes, seed).map((winner) => ({
      prizeIndex: winner.prizeIndex,
      participantId: idOfLeaf.get(winner.key) ?? '',
    })),
  };
}

/** A scheme 2 draw as its record and its kept candidate list tell it. */
export interface RecordedDraw {
  seed: string;
  participantsHash: string;
  participantCount: number;
  /** The kept text of leaves, as downloaded. */
  candidateDigests: string;
  /** Units of each prize, in the prizes' order. */
  prizeUnits: readonly number[];
  /** The recorded winners (an erased one under its stand-in id). */
  winners: readonly { prizeIndex: number; participant: string }[];
}

export interface DrawAudit {
  /** The text is distinct lowercase hex SHA-256 values, sorted, one per line. */
  wellFormed: boolean;
  /** SHA-256 of the text is the recorded hash. */
  hashMatches: boolean;
  /** The text has as many leaves as the draw had candidates. */
  countMatches: boolean;
  /** The winning leaves the repetition picks, in prize order. */
  winners: { prizeIndex: number; leaf: string }[];
  /** Each prize has as many recorded winners as the repetition picks. */
  winnerCountsMatch: boolean;
  /**
   * Recorded winners whose leaf is not a winning leaf of their prize: an
   * erased winner's stand-in id, or a record that is not this draw's.
   */
  unmatched: { prizeIndex: number; participant: string }[];
}

/**
 * Repeats a scheme 2 draw from its seed, kept leaves and prize units, and
 * holds the recorded hash, count and winners against it.
 */
export function verifyDraw(record: RecordedDraw): DrawAudit {
  const leaves = record.candidateDigests === '' ? [] : record.candidateDigests.split('\n');
  const wellFormed = leaves.every(
    (leaf, index) =>
      /^[0-9a-f]{64}$/.test(leaf) && (index === 0 || (leaves[index - 1] ?? '') < leaf),
  );
  const prizes = record.prizeUnits.map((count, prizeIndex) => ({ prizeIndex, count }));
  const winners = pickWinners(leaves, prizes, record.seed).map((winner) => ({
    prizeIndex: winner.prizeIndex,
    leaf: winner.key,
  }));
  const tally = (list: readonly { prizeIndex: number }[]) =>
    prizes.map((prize) => list.filter((item) => item.prizeIndex === prize.prizeIndex).length);
  const recordedCounts = tally(record.winners);
  const winning = new Set(winners.map((winner) => `${winner.prizeIndex}:${winner.leaf}`));
  return {
    wellFormed,
    hashMatches: sha256(record.candidateDigests) === record.participantsHash,
    countMatches: leaves.length === record.participantCount,
    winners,
    winnerCountsMatch:
      record.winners.every((winner) => winner.prizeIndex < prizes.length) &&
      tally(winners).every((count, index) => count === recordedCounts[index]),
    unmatched: record.winners.filter(
      (winner) => !winning.has(`${winner.prizeIndex}:${candidateLeaf(winner.participant)}`),
    ),
  };
}
