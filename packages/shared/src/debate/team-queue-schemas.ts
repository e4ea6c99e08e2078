/**
 * What a debater sends to queue with a partner, alone ("find me a partner") or one-on-one, and to accept a partner
 * link; and the checks on a pair of partners that the server makes before it seats them as one team.
 */
import { z } from 'zod';
import { FORMATS, isFourTeamFormat, oneOnOneFormatRefusal, teamSizeOf, type TFormatId } from '../formats.js';
import { ZFormatId } from './protocol.js';
import { ageBandsMayMeet, type TIsBlockedPair, type TMeetingProfile } from './matchmaking.js';
import { QUEUE_MODES, type TQueueMode } from './team-matchmaking.js';

/** How long a partner link may be accepted after it is made. It works once. */
export const PARTNER_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const ZPartnerId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That partner is not a user.' });

/**
 * `POST /api/debates/queue` with a mode. Without one, a format of one debater a side queues as today (`solo`, the
 * ordinary queue) and a team format queues one-on-one, as it did before teams. `one-on-one` in a format of one
 * debater a side is the ordinary mode and is read as `solo`.
 */
export const ZJoinTeamQueueRequest = z
  .object({
    // Every format, British Parliamentary too: its queue is this one, matching four teams a room (issue 41).
    formatId: ZFormatId,
    mode: z
      .enum(QUEUE_MODES, { error: 'Choose how to queue: with your partner, find me a partner, or one-on-one.' })
      .optional(),
    partnerIds: z.array(ZPartnerId).max(2, 'A team has at most three debaters.').optional(),
    /**
     * British Parliamentary only: seven-minute speeches (universities, the default) or five (schools). A room forms
     * only from teams that chose the same length.
     */
    speechMinutes: z
      .union([z.literal(7), z.literal(5)], { error: 'A British Parliamentary speech is seven or five minutes long.' })
      .optional(),
  })
  .superRefine((value, ctx) => {
    const format = { name: FORMATS[value.formatId].name, teamSize: teamSizeOf(value.formatId) };
    if (value.speechMinutes !== undefined && !isFourTeamFormat(value.formatId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['speechMinutes'],
        message: `${format.name} speeches have the format’s own lengths: only British Parliamentary offers a choice.`,
      });
    }
    const partners = value.partnerIds ?? [];
    if (value.mode !== 'team') {
      if (partners.length > 0) {
        ctx.addIssue({ code: 'custom', path: ['partnerIds'], message: 'Only a team queues with a partner.' });
      }
      // Without a mode a team format queues one-on-one (below), which a team-only format does not have.
      const aloneRefusal = (value.mode ?? 'one-on-one') === 'one-on-one' ? oneOnOneFormatRefusal(value.formatId) : null;
      if (aloneRefusal) ctx.addIssue({ code: 'custom', path: ['mode'], message: aloneRefusal });
      return;
    }
    if (format.teamSize === 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['mode'],
        message: `${format.name} is one debater a side: queue without a partner.`,
      });
      return;
    }
    const wanted = format.teamSize - 1;
    if (new Set(partners).size !== partners.length) {
      ctx.addIssue({ code: 'custom', path: ['partnerIds'], message: 'Choose each partner once.' });
    } else if (partners.length !== wanted) {
      ctx.addIssue({
        code: 'custom',
        path: ['partnerIds'],
        message: `A ${format.name} team is ${format.teamSize} debaters: choose ${wanted} partner${wanted === 1 ? '' : 's'}.`,
      });
    }
  })
  .transform((value) => {
    const teamSize = teamSizeOf(value.formatId);
    const mode: TQueueMode =
      value.mode === undefined || (value.mode === 'one-on-one' && teamSize === 1)
        ? teamSize === 1
          ? 'solo'
          : 'one-on-one'
        : value.mode;
    return {
      formatId: value.formatId,
      mode,
      partnerIds: mode === 'team' ? (value.partnerIds ?? []) : [],
      // British Parliamentary's speech length: seven unless the queuer chose five.
      ...(isFourTeamFormat(value.formatId) ? { speechMinutes: value.speechMinutes ?? 7 } : {}),
    };
  });
export type TJoinTeamQueueRequest = z.output<typeof ZJoinTeamQueueRequest>;

/**
 * The people a join seats, the one who queues first (their positions follow this order), or why not: a debater
 * cannot name themselves as their partner.
 */
export function queueMembersOf(
  userId: string,
  request: TJoinTeamQueueRequest,
): { userIds: string[] } | { message: string } {
  if (request.partnerIds.includes(userId)) return { message: 'You cannot be your own partner.' };
  return { userIds: [userId, ...request.partnerIds] };
}

/** `POST /api/debates/partner-links`: a link for one team format, which anyone the rules allow may accept once. */
export const ZCreatePartnerLinkRequest = z.object({ formatId: ZFormatId }).superRefine((value, ctx) => {
  const format = FORMATS[value.formatId];
  if (format.teamSize === 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['formatId'],
      message: `${format.name} is one debater a side: there is no partner to invite.`,
    });
  }
});
export type TCreatePartnerLinkRequest = z.infer<typeof ZCreatePartnerLinkRequest>;

/** `POST /api/debates/partner-links/:token/accept`: the link's token, as the link carries it. */
export const ZAcceptPartnerLinkParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'That partner link is not valid.' }),
});
export type TAcceptPartnerLinkParams = z.infer<typeof ZAcceptPartnerLinkParams>;

/** A partner link as the server stores it. */
export interface TPartnerLink {
  creatorId: string;
  createdAt: string;
  /** Set when someone accepted it: a link works once. */
  acceptedAt: string | null;
}

/** Why `accepterId` may not accept `link` at `now`, or null: their own link, one already used, or one expired. */
export function partnerLinkRefusal(link: TPartnerLink, accepterId: string, now: Date): string | null {
  if (link.creatorId === accepterId) return 'This is your own partner link: send it to your partner.';
  if (link.acceptedAt !== null) return 'This partner link has already been used.';
  if (now.getTime() - Date.parse(link.createdAt) >= PARTNER_LINK_TTL_MS) return 'This partner link has expired.';
  return null;
}

/**
 * Why two people may not be partners, or null: the same person, a block either way, or ages that may not meet
 * (minors with minors, adults with adults, unless both are on one team: `ageBandsMayMeet`). A restriction on either
 * (a ban, a suspension) is the seat rule's, read at the same door as every seat.
 */
export function partnerRefusal(
  a: { userId: string; profile: TMeetingProfile },
  b: { userId: string; profile: TMeetingProfile },
  isBlocked: TIsBlockedPair,
): string | null {
  if (a.userId === b.userId) return 'You cannot be your own partner.';
  if (isBlocked(a.userId, b.userId)) return 'You cannot be partners: one of you has blocked the other.';
  if (!ageBandsMayMeet(a.profile, b.profile)) {
    return (
      'You cannot be partners: students under 18 partner students under 18, and adults partner adults, unless you ' +
      'are on the same team.'
    );
  }
  return null;
}

/** A partner named in a team's queue entry, as the queue status shows them. */
export interface TQueuePartner {
  userId: string;
  displayName: string;
  /** Whether they have joined the queue naming the user too: a team waits for opponents once all have. */
  hasJoined: boolean;
}

/** Someone waiting in the queue with the user named as their partner. */
export interface TQueuePartnerInvite {
  userId: string;
  displayName: string;
  formatId: TFormatId;
}

/** Someone the user may name as their partner in a format: a teammate, or the other side of an accepted link. */
export interface TPartnerChoice {
  userId: string;
  displayName: string;
  /** `teammate`: they share a team; `link`: one of them accepted the other's partner link. */
  via: 'teammate' | 'link';
}

/** A partner link as its page and its maker see it. */
export interface TPartnerLinkView {
  token: string;
  formatId: TFormatId;
  creator: { userId: string; displayName: string };
  expiresAt: string;
  /** `open`: it may be accepted; `accepted`: it has been (it works once); `expired`: 24 hours passed first. */
  status: 'open' | 'accepted' | 'expired';
}
