/** Contract of the winner draw of a sweepstake (admins; beyond spec §3 "Sweepstake has a manual draw option"). */
import { z } from 'zod';

export const ZDrawResponse = z.object({
  draw: z
    .object({
      campaign: z.string(),
      /** With the sorted participant list (its hash below), repeats the draw exactly. */
      seed: z.string(),
      participants_hash: z.string(),
      participant_count: z.number().int(),
      manual: z.boolean(),
      drawn_at: z.string(),
      winners: z.array(
        z.object({
          prize_index: z.number().int(),
          participant: z.string(),
          status: z.enum(['pending', 'handled']),
        }),
      ),
    })
    .nullable(),
});
export type TDrawResponse = z.infer<typeof ZDrawResponse>;
