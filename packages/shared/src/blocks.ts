/**
 * Blocks: someone a user never wants to meet again. The server keeps the pair apart everywhere
 * (the queue, challenge links, the judge's seat, a coach's pairing, watching and sharing into the blocker's rounds)
 * and hides the blocked user's community-chat messages from the blocker.
 */
import { z } from 'zod';

/** How many people one account may block (a bound on the list, far above any real use). */
export const BLOCKS_MAX = 1000;

/** `PUT /api/blocks/:id` and `DELETE /api/blocks/:id`: the user to block or unblock. */
export const ZBlockParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That is not a user id.' }),
});
export type TBlockParams = z.infer<typeof ZBlockParams>;

/** Someone the viewer blocked, as their block list shows them. */
export interface TBlockedUser {
  userId: string;
  displayName: string;
  blockedAt: string;
}

/** `GET /api/blocks`: the viewer's blocks, newest first. */
export interface TBlockListResponse {
  blocks: TBlockedUser[];
}

/** `PUT /api/blocks/:id`: the block, and the live round it ended (the two were in it), if any. */
export interface TBlockResponse {
  block: TBlockedUser;
  endedDebateId: number | null;
}
