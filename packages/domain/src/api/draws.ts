/**
 * Contract of the winner draw of a sweepstake (beyond docs/product.md#records-and-fields "Sweepstake has
 * a manual draw option"): admins read it on the review page, the consumer app
 * with its API key to hand the prizes out and close each win.
 */
import { z } from 'zod';

/** A win waits to be handled by the consumer app, or was handled (win_handled). */
export const WIN_STATUSES = ['pending', 'handled'] as const;
export type WinStatus = (typeof WIN_STATUSES)[number];

export const ZDrawWinner = z.object({
  /** The win's id: the consumer app sends it as `win` with `win_handled`. */
  id: z.string(),
  prize_index: z.number().int(),
  /** The participant's pseudonymous id; for a winner erased since, a random stand-in. */
  participant: z.string(),
  status: z.enum(WIN_STATUSES),
});
export type TDrawWinner = z.infer<typeof ZDrawWinner>;

export const ZDrawResponse = z.object({
  draw: z
    .object({
      campaign: z.string(),
      /**
       * How the draw was made: 2 over the SHA-256 digests of the participant
       * ids (their sorted list is the candidate list), 1 (older draws) over
       * the ids themselves.
       */
      scheme: z.number().int(),
      /** With the candidate list (its hash below) and the prize units, repeats the draw exactly. */
      seed: z.string(),
      participants_hash: z.string(),
      participant_count: z.number().int(),
      /** Whether the candidate list can be downloaded (kept for the retention period, scheme 2). */
      candidates_kept: z.boolean(),
      /** Units of each prize, in the prizes' order: the draw gives them out in this order. */
      prize_units: z.array(z.number().int()),
      manual: z.boolean(),
      drawn_at: z.string(),
      winners: z.array(ZDrawWinner),
    })
    .nullable(),
});
export type TDrawResponse = z.infer<typeof ZDrawResponse>;
