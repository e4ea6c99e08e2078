/**
 * A ballot's speaker points (issue 40, item 5): the judge names the winning side and gives each debater speaker
 * points, and in Public Forum and Policy optionally a speaker rank (1 for the best speaker, each rank once). A
 * one-on-one round keeps its ballot form: its `{ a, b }` points are its two debaters'. One rule, read by the server
 * (which refuses a ballot with its words, writing nothing) and by the ballot form.
 */
import { z } from 'zod';
import { SPEAKER_POINTS } from '../points.js';
import { zText } from '../text.js';
import type { TGuideFormatId, TSideKey } from '../formats.js';

export const DEBATE_REASON_MAX = 5000;

export const ZSpeakerPoints = z
  .number({ error: 'Speaker points must be a number.' })
  .min(SPEAKER_POINTS.min, { error: `Speaker points must be between ${SPEAKER_POINTS.min} and ${SPEAKER_POINTS.max}.` })
  .max(SPEAKER_POINTS.max, { error: `Speaker points must be between ${SPEAKER_POINTS.min} and ${SPEAKER_POINTS.max}.` })
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
    error: 'Speaker points go in tenths (for example 28.5).',
  });

/** The formats whose ballots may rank the speakers (NSDA Public Forum and Policy ballots do). */
export const SPEAKER_RANK_FORMATS: readonly TGuideFormatId[] = ['pf', 'policy'];

/** One debater's points on a ballot as the judge gives them. */
export const ZDebaterPointsInput = z.object({
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That is not a user id.' }),
  points: ZSpeakerPoints,
  /** 1 is the best speaker of the round. */
  rank: z.number().int({ error: 'A speaker rank is a whole number.' }).min(1).max(6).optional(),
});

export const ZSubmitBallotRequest = z
  .object({
    winnerSide: z.enum(['a', 'b']),
    /** A one-on-one round's form: each side's (its one debater's) points. */
    speakerPoints: z.object({ a: ZSpeakerPoints, b: ZSpeakerPoints }).optional(),
    /** Every debater's points (and optional rank): what a round of teams takes. */
    debaterPoints: z.array(ZDebaterPointsInput).min(2).max(12).optional(),
    reason: zText('multiline', { label: 'Reason for decision', max: DEBATE_REASON_MAX }),
  })
  .refine((ballot) => ballot.speakerPoints !== undefined || ballot.debaterPoints !== undefined, {
    error: 'Give each debater speaker points.',
    path: ['debaterPoints'],
  });
export type TSubmitBallotRequest = z.infer<typeof ZSubmitBallotRequest>;

/** A debater's points on a decided ballot, as every reader sees them. */
export interface TDebaterPoints {
  userId: string;
  side: TSideKey;
  /** 26.0–30.0, in tenths. */
  points: number;
  rank: number | null;
}

/** A ballot's points read against the round's seats: every debater's, and each side's first seat's. */
export interface TBallotPoints {
  debaters: TDebaterPoints[];
  sides: Record<TSideKey, number>;
}

/**
 * A ballot's points for a round seating `seats` (side A's first, each side's first seat first), or why they are
 * refused: points for someone not in the round, a debater without points or with two, a rank in a format without
 * ranks, ranks that are not 1 to the number of debaters each once, or a one-on-one form for a round of teams.
 */
export function ballotPointsOf(
  formatId: TGuideFormatId,
  seats: readonly { userId: string; side: string }[],
  ballot: Pick<TSubmitBallotRequest, 'speakerPoints' | 'debaterPoints'>,
): TBallotPoints | string {
  const given = ballot.debaterPoints ?? oneOnOnePoints(seats, ballot.speakerPoints);
  if (typeof given === 'string') return given;
  if (given.some((p) => !seats.some((seat) => seat.userId === p.userId))) {
    return 'Speaker points go only to the debaters of this round.';
  }
  if (new Set(given.map((p) => p.userId)).size !== given.length) return 'Give each debater speaker points once.';
  if (given.length !== seats.length) return 'Give every debater of the round speaker points.';
  const ranks = given.map((p) => p.rank).filter((rank): rank is number => rank !== undefined);
  if (ranks.length > 0) {
    if (!SPEAKER_RANK_FORMATS.includes(formatId)) return 'This format’s ballots have no speaker ranks.';
    const expected = seats.map((_, i) => i + 1);
    if (ranks.length !== seats.length || expected.some((rank) => !ranks.includes(rank))) {
      return `Speaker ranks go from 1 to ${seats.length}, each to one debater.`;
    }
  }
  const debaters = seats.map((seat) => {
    const mine = given.find((p) => p.userId === seat.userId)!;
    const side: TSideKey = seat.side === 'b' ? 'b' : 'a';
    return { userId: seat.userId, side, points: mine.points, rank: mine.rank ?? null };
  });
  const firstOf = (side: TSideKey) => debaters.find((d) => d.side === side)?.points ?? 0;
  return { debaters, sides: { a: firstOf('a'), b: firstOf('b') } };
}

/** A one-on-one form's `{ a, b }` as its two debaters' points; refused for a side of two or more. */
function oneOnOnePoints(
  seats: readonly { userId: string; side: string }[],
  sides: Record<TSideKey, number> | undefined,
): { userId: string; points: number; rank?: number }[] | string {
  if (!sides || seats.length !== 2 || seats[0]!.side === seats[1]!.side) {
    return 'Give each debater of the round speaker points.';
  }
  return seats.map((seat) => ({ userId: seat.userId, points: sides[seat.side === 'b' ? 'b' : 'a'] }));
}
