/**
 * The queue's and challenges' contract (spec §9, issue 40's partners): what `GET /api/debates/queue` returns and the
 * requests that join the one-on-one queue or make a challenge link. The team queue's request is
 * `team-queue-schemas.ts`.
 */
import { z } from 'zod';
import { FORMATS, oneOnOneFormatRefusal, type TFormatId } from '../formats.js';
import { ZOneOnOneFormatId, ZTwoSidedFormatId } from './protocol.js';
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
    /**
     * In British Parliamentary (issue 41), the room's queue as it stands: the teams of two waiting (partners who have
     * both joined, and pairs of "find me a partner" debaters), and a debater still without one. Absent elsewhere.
     */
    room?: { teams: number; teamsNeeded: number; withoutPartner: number };
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

const ZChallengePartnerIds = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That partner is not a user.' }))
  .max(2, 'A team has at most three debaters.');

/** Why `partnerIds` is not a team of `formatId` with its maker (the count and no one twice), or null. */
export function challengeTeamRefusal(formatId: TFormatId, partnerIds: readonly string[]): string | null {
  const format = FORMATS[formatId];
  const wanted = format.teamSize - 1;
  if (new Set(partnerIds).size !== partnerIds.length) return 'Choose each partner once.';
  if (partnerIds.length !== wanted) {
    return `A ${format.name} team is ${format.teamSize} debaters: choose ${wanted} partner${wanted === 1 ? '' : 's'}.`;
  }
  return null;
}

/**
 * A challenge may set the round's prep time in whole minutes, within the format's range (spec §9). In a team format
 * (issue 40) the challenger chooses `team` (naming their partners) or `one-on-one` (PF and Parli only); without a mode
 * a team format is one-on-one, as before teams.
 */
export const ZCreateChallengeRequest = z
  .object({
    formatId: ZTwoSidedFormatId,
    prepMinutes: z.number().int().optional(),
    mode: z.enum(['team', 'one-on-one'], { error: 'Choose a challenge with your partner or one-on-one.' }).optional(),
    partnerIds: ZChallengePartnerIds.optional(),
  })
  .superRefine((value, ctx) => {
    const format = FORMATS[value.formatId];
    if (value.mode === 'team') {
      const message =
        format.teamSize === 1
          ? `${format.name} is one debater a side: challenge without a partner.`
          : challengeTeamRefusal(value.formatId, value.partnerIds ?? []);
      if (message) ctx.addIssue({ code: 'custom', path: ['partnerIds'], message });
    } else {
      if ((value.partnerIds ?? []).length > 0) {
        ctx.addIssue({ code: 'custom', path: ['partnerIds'], message: 'Only a team challenge names partners.' });
      }
      const alone = oneOnOneFormatRefusal(value.formatId);
      if (alone) ctx.addIssue({ code: 'custom', path: ['mode'], message: alone });
    }
    if (value.prepMinutes === undefined) return;
    const { minMinutes, maxMinutes } = format.prep;
    if (value.prepMinutes < minMinutes || value.prepMinutes > maxMinutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['prepMinutes'],
        message: `${format.name} prep time is ${minMinutes} to ${maxMinutes} minutes.`,
      });
    }
  })
  .transform((value) => {
    const mode: TChallengeMode = value.mode === 'team' ? 'team' : 'one-on-one';
    return {
      formatId: value.formatId,
      prepMinutes: value.prepMinutes,
      mode,
      partnerIds: mode === 'team' ? (value.partnerIds ?? []) : [],
    };
  });
/** `one-on-one`: one debater a side (every format of one debater a side is this); `team`: partners name each other. */
export type TChallengeMode = 'team' | 'one-on-one';

/** `POST /api/debates/challenges/:token/accept`: a team challenge's accepter names their partners. */
export const ZAcceptChallengeRequest = z
  .object({ partnerIds: ZChallengePartnerIds.optional() })
  .optional()
  .transform((value) => ({ partnerIds: value?.partnerIds ?? [] }));
export type TAcceptChallengeRequest = z.output<typeof ZAcceptChallengeRequest>;
export type TCreateChallengeRequest = z.output<typeof ZCreateChallengeRequest>;
/** What a client sends to make a challenge (mode and partners optional). */
export type TCreateChallengeInput = z.input<typeof ZCreateChallengeRequest>;
