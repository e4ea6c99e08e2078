/**
 * Teams: a coach, members who joined by link or code, practice rounds the coach pairs, and the
 * progress a coach follows. Requests are validated with these schemas on both sides.
 */
import { z } from 'zod';
import { FORMATS, type TFormatId, type TSideKey } from './formats.js';
import { ZOneOnOneFormatId, ZTwoSidedFormatId, type TDebateStatus } from './debate/protocol.js';
import type { TNotCounted } from './debate/awards.js';
import type { TAgeBand } from './age.js';
import { zText } from './text.js';

export const TEAM_LIMITS = {
  nameMax: 80,
  schoolMax: 120,
  descriptionMax: 500,
  /** Teams one person may create (a coach with many squads is fine; a script creating thousands is not). */
  createdPerUser: 20,
  /** Members on one team. */
  membersMax: 200,
  /** Rounds one pairing may create: 100 debaters. */
  roundsPerPairing: 50,
} as const;

/**
 * Join codes: 10 characters from a 31-letter alphabet without look-alikes (0/O, 1/I/L), about 50 bits, so guessing
 * one is hopeless at the join attempts' rate limit; short enough to read out in class.
 */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 10;

const INVALID_CODE = 'That team code is not valid. Check it with your coach.';

/** A code as typed: case and spaces or dashes between groups do not matter. */
export const ZJoinCode = z
  .string()
  .max(40, INVALID_CODE)
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(JOIN_CODE_LENGTH, INVALID_CODE)
      .regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]+$`), INVALID_CODE),
  );

/** What a code of a team whose coach switched joining off answers (HTTP 403, reason `join_code_off`). */
export const JOINING_OFF_MESSAGE = 'This team is not taking new members; ask your coach.';

/**
 * The answer to joining by code: the team, whether this put the caller on it (false: already on it), and whether
 * they wait for a coach's approval.
 */
export interface TJoinTeamResponse {
  teamId: number;
  teamName: string;
  isNewMember: boolean;
  isPending: boolean;
}

/**
 * Whether any of these people may be under 18: under 18, or no age given yet (the safe side, as `isMinorRound`
 * reads it). A team with such a member needs approval to join.
 */
export function hasPossibleMinor(bands: readonly (TAgeBand | null | undefined)[]): boolean {
  return bands.some((band) => band !== 'adult');
}

/**
 * Whether joining a team waits for a coach's approval: when its coach switched "Require approval to join"
 * on, and always when anyone on the team, waiting to join it or joining now may be under 18 (`bands`: theirs). A
 * join code is a key to the team's minors; the coach decides who becomes their teammate. See docs/decisions.md.
 */
export function isJoinApprovalRequired(
  team: { requiresApproval: boolean },
  bands: readonly (TAgeBand | null | undefined)[],
): boolean {
  return team.requiresApproval || hasPossibleMinor(bands);
}

/** The words a member waiting for approval reads on the team page and in their list of teams. */
export const PENDING_JOIN_MESSAGE = 'You asked to join: waiting for your coach to approve you.';

/** `ABCDE-FGHJK`: how a code is shown. */
export function formatJoinCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const ZCreateTeamRequest = z.object({
  name: zText('name', {
    label: 'Team name',
    min: 2,
    max: TEAM_LIMITS.nameMax,
    tooShort: 'Team name must be at least 2 characters.',
  }),
  school: zText('name', {
    label: 'School',
    min: 2,
    max: TEAM_LIMITS.schoolMax,
    tooShort: 'School must be at least 2 characters.',
  }),
  description: zText('multiline', { label: 'Description', min: 0, max: TEAM_LIMITS.descriptionMax })
    .optional()
    .default(''),
});
export type TCreateTeamRequest = z.input<typeof ZCreateTeamRequest>;

export const ZUpdateTeamRequest = ZCreateTeamRequest;

/** Rotate the join code (a new one) or switch joining by code off. */
export const ZJoinCodeRequest = z.object({ enabled: z.boolean() });

/** The coach's "Require approval to join": on or off (a team with minors needs approval either way). */
export const ZJoinApprovalRequest = z.object({ isRequired: z.boolean() });
export type TJoinApprovalRequest = z.input<typeof ZJoinApprovalRequest>;

export const TEAM_ROLES = ['coach', 'member'] as const;
export type TTeamRole = (typeof TEAM_ROLES)[number];

export const ZUpdateMemberRequest = z
  .object({
    role: z.enum(TEAM_ROLES).optional(),
    /** A member the coach names as a judge of the team's rounds. */
    isJudge: z.boolean().optional(),
  })
  .refine((v) => v.role !== undefined || v.isJudge !== undefined, { error: 'Say what to change.' });

const ZUserId = z.string().min(1).max(100);

const ZPair = z
  .object({
    /** Side A (Affirmative / Pro / Government). */
    aUserId: ZUserId,
    bUserId: ZUserId,
    judgeUserId: ZUserId.nullable().optional(),
  })
  .refine((p) => p.aUserId !== p.bUserId, { error: 'A debater cannot debate themselves.' })
  .refine((p) => p.judgeUserId !== p.aUserId && p.judgeUserId !== p.bUserId, {
    error: 'A debater cannot judge their own round.',
  });

/** Any ISO time with an offset, stored in UTC (`toISOString`) so that start times compare as strings. */
const ZStartsAt = z.iso
  .datetime({ offset: true, error: 'The start time is not valid.' })
  .transform((value) => new Date(value).toISOString())
  .nullable()
  .optional();

/**
 * A coach's pairing: by hand (`pairs`), or everyone present paired at once (`auto`) with random or rating-balanced
 * sides, the odd one out judging. Either way one request creates every round.
 */
export const ZPairRoundsRequest = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('manual'),
    formatId: ZOneOnOneFormatId,
    pairs: z.array(ZPair).min(1, 'Pair at least two debaters.').max(TEAM_LIMITS.roundsPerPairing),
    startsAt: ZStartsAt,
  }),
  z.object({
    mode: z.literal('auto'),
    formatId: ZOneOnOneFormatId,
    sides: z.enum(['random', 'balanced']),
    presentUserIds: z
      .array(ZUserId)
      .min(2, 'Mark at least two members present.')
      .max(TEAM_LIMITS.roundsPerPairing * 2 + 1),
    /** A coach or named judge for the rounds the odd one out does not judge (optional). */
    judgeUserId: ZUserId.nullable().optional(),
    startsAt: ZStartsAt,
  }),
  /** One round of a team format (issue 40): the members of each side in position order, and a judge if any. */
  z
    .object({
      mode: z.literal('teams'),
      formatId: ZTwoSidedFormatId,
      sideA: z.array(ZUserId).min(1, 'Choose side A’s debaters.').max(3),
      sideB: z.array(ZUserId).min(1, 'Choose side B’s debaters.').max(3),
      judgeUserId: ZUserId.nullable().optional(),
      /** As a one-on-one pairing's: past or missing, the round starts now. */
      startsAt: ZStartsAt,
    })
    .superRefine((value, ctx) => {
      const message = teamPairingRefusal(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
]);

/**
 * Why a coach's pairing of two teams is not one round of its format, or null: a format of one debater a side, a side
 * of the wrong size, a member seated twice, a debater judging their own round.
 */
export function teamPairingRefusal(value: {
  formatId: TFormatId;
  sideA: readonly string[];
  sideB: readonly string[];
  judgeUserId?: string | null;
}): string | null {
  const format = FORMATS[value.formatId];
  if (format.teamSize === 1) return `${format.name} is one debater a side: pair two debaters instead.`;
  for (const side of [value.sideA, value.sideB]) {
    if (side.length !== format.teamSize) return `A ${format.name} side is ${format.teamSize} debaters.`;
  }
  const debaters = [...value.sideA, ...value.sideB];
  if (new Set(debaters).size !== debaters.length) return 'Seat each member once.';
  if (value.judgeUserId && debaters.includes(value.judgeUserId)) return 'A debater cannot judge their own round.';
  return null;
}
export type TPairRoundsRequest = z.input<typeof ZPairRoundsRequest>;

export interface TTeamSummary {
  id: number;
  name: string;
  school: string;
  /** Null for someone outside the team (who sees its name only). */
  myRole: TTeamRole | null;
  /** Approved members (those waiting for approval are not counted). */
  memberCount: number;
  /** True while the caller waits for a coach's approval to join (then `myRole` is null: not a member yet). */
  isPending: boolean;
}

/** What someone outside a team sees of it: its name, and whether they wait for approval to join it. */
export interface TTeamOutsideView {
  id: number;
  name: string;
  myRole: null;
  isPending: boolean;
}

/** Someone waiting for a coach's approval to join (shown to the team's coaches only). */
export interface TPendingMember {
  userId: string;
  displayName: string;
  /** When they asked to join. */
  joinedAt: string;
}

export interface TTeamMember {
  userId: string;
  displayName: string;
  role: TTeamRole;
  isJudge: boolean;
  points: number;
  ratings: { formatId: TFormatId; rating: number; isProvisional: boolean }[];
  roundsThisWeek: number;
}

export interface TTeam extends TTeamSummary {
  description: string;
  /** Coaches only; null when joining by code is switched off. */
  joinCode: string | null;
  members: TTeamMember[];
  roundsThisWeek: number;
  /** Coaches only (empty for members): who waits for approval to join. */
  pendingMembers: TPendingMember[];
  /**
   * Coaches only (null for members): the switch "Require approval to join" as the coach set it, and whether the team
   * needs approval anyway because someone on it is under 18 (`isForced`).
   */
  joinApproval: { isRequired: boolean; isForced: boolean } | null;
}

export interface TTeamRound {
  debateId: number;
  formatId: TFormatId;
  status: TDebateStatus;
  debaters: Record<TSideKey, { userId: string; displayName: string }>;
  judge: { userId: string; displayName: string } | null;
  winnerSide: TSideKey | null;
  /** Abandoned because a coach called the round off (not because both debaters left). */
  isCancelled: boolean;
  startsAt: string | null;
  createdAt: string;
  teamId: number;
  teamName: string;
}

/** A debater's rating after one rated (judged) round, and that round's result for them. */
export interface TRatingPoint {
  at: string;
  rating: number;
  result: 'win' | 'loss' | null;
}

/** One debater's progress: what a coach sees of a member, and a debater of themselves. */
export interface TDebaterProgress {
  userId: string;
  displayName: string;
  formats: { formatId: TFormatId; rounds: number; wins: number; losses: number }[];
  wins: number;
  losses: number;
  averageSpeakerPoints: number | null;
  /**
   * Rating after each rated round, oldest first, per format, with how that round went for them (null when the round
   * is no longer stored).
   */
  ratingHistory: { formatId: TFormatId; points: TRatingPoint[] }[];
  /** The latest ballots on their rounds, newest first. */
  lastBallots: {
    debateId: number;
    formatId: TFormatId;
    result: 'win' | 'loss';
    speakerPoints: number;
    reason: string;
    judgeName: string | null;
    createdAt: string;
    /** Why the round did not count for points (a practice round); null when it counted. */
    notCounted: TNotCounted | null;
  }[];
}
