/**
 * The queue's and challenges' contract (spec §9, issue 40's partners): what `GET /api/debates/queue` returns and the
 * requests that join the one-on-one queue or make a challenge link. The team queue's request is
 * `team-queue-schemas.ts`.
 */
import { z } from 'zod';
import { FORMATS, type TFormatId } from '../formats.js';
import { ZOneOnOneFormatId } from './protocol.js';
import type { TQueueMode } from './team-matchmaking.js';
import type { TQueuePartner, TQueuePartnerInvite } from './team-queue-schemas.js';

export interface TQueueStatus {
  /** Waiting in the queue, or null. */
  waiting: {
    formatId: TFormatId;
    since: string;
    resolution: string;
    /** How the user queues (issue 40): with their partner, "find me a partner", or one-on-one. */
    mode?: TQueueMode;
    /** In `team` mode, the partners named, each with whether they have joined too (the team waits until all have). */
    partners?: TQueuePartner[];
  } | null;
  /** Debaters waiting in the queue naming the user as their partner, whom the user has not joined (absent: none). */
  partnerInvites?: TQueuePartnerInvite[];
  /** The debate the user is in now (live and started), or null. */
  activeDebateId: number | null;
  /** The user's next practice round paired for later (not started), or null; no random round may run into it. */
  upcomingRound: { debateId: number; formatId: TFormatId; startsAt: string } | null;
  /** The end of the user's matchmaking cooldown (left or missed rounds) while it holds, or null. */
  cooldownUntil: string | null;
  /** How long a debater may be away from a live round before forfeiting it (this server's setting). */
  forfeitAfterMs: number;
}

export type TJoinQueueResult = { status: 'waiting'; queue: TQueueStatus } | { status: 'matched'; debateId: number };

export const ZJoinQueueRequest = z.object({ formatId: ZOneOnOneFormatId });
export type TJoinQueueRequest = z.infer<typeof ZJoinQueueRequest>;

/** A challenge may set the round's prep time in whole minutes, within the format's range (spec §9). */
export const ZCreateChallengeRequest = z
  .object({ formatId: ZOneOnOneFormatId, prepMinutes: z.number().int().optional() })
  .superRefine((value, ctx) => {
    if (value.prepMinutes === undefined) return;
    const { minMinutes, maxMinutes } = FORMATS[value.formatId].prep;
    if (value.prepMinutes < minMinutes || value.prepMinutes > maxMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['prepMinutes'],
        message: `${FORMATS[value.formatId].name} prep time is ${minMinutes} to ${maxMinutes} minutes.`,
      });
    }
  });
export type TCreateChallengeRequest = z.infer<typeof ZCreateChallengeRequest>;
