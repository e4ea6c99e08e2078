/**
 * The ranked ballot of a British Parliamentary room (issue 41, item 3), pure: the four teams ranked first to fourth
 * with no ties, eight speaker points on the room's scale (the WUDC's 50–100 by default), and the rule that a team
 * ranked above another has strictly more speaker points, unless the judge confirms a low-point win (the WUDC's
 * ballots and Tabbycat's both refuse a "low-point win" unless it is allowed; a tie on points counts as one). Team
 * points follow from the places: 3, 2, 1, 0. One rule, read by the server (which refuses a ballot with its words and
 * writes nothing) and by the ballot form.
 */
import { z } from 'zod';
import { DEBATE_REASON_MAX } from '../debate/ballot-points.js';
import {
  BP_POSITIONS,
  BP_SIDE_OF,
  BP_SIDES,
  BRITISH_PARLIAMENTARY,
  type TBpPosition,
  type TBpSide,
} from '../formats/british-parliamentary.js';
import { zText } from '../text.js';
import { remainingBpPositions, remainingBpTeams, type TBpForfeits } from './forfeits.js';
import type { TBpRank } from './types.js';

/** A scale of speaker points: from `min` to `max` in steps of `step` (counted from `min`). */
export interface TBpSpeakerScale {
  min: number;
  max: number;
  step: number;
}

/** The World Universities Debating Championship's scale: whole points from 50 to 100. */
export const WUDC_SPEAKER_SCALE: TBpSpeakerScale = { min: 50, max: 100, step: 1 };

/** Team points by place: 3 for the first, 2, 1, and none for the fourth. */
export const BP_TEAM_POINTS: Readonly<Record<TBpRank, number>> = { 1: 3, 2: 2, 3: 1, 4: 0 };

const PLACE_WORDS: Readonly<Record<TBpRank, string>> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth' };

const sideName = (side: TBpSide) => BRITISH_PARLIAMENTARY.sides[side];
const positionName = (position: TBpPosition) =>
  BRITISH_PARLIAMENTARY.sideList.flatMap((side) => side.positions).find((p) => p.id === position)!.name;

const RANK_WORDS = 'first, second, third or fourth (1 to 4)';

function zRank(side: TBpSide) {
  const message = `Rank ${sideName(side)} ${RANK_WORDS}.`;
  const missing = `Rank every team: ${sideName(side)} has no place.`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? missing : message) })
    .int({ error: message })
    .min(1, { error: message })
    .max(4, { error: message })
    .transform((rank) => rank as TBpRank);
}

function zPoints(position: TBpPosition) {
  return z.number({ error: `Give the ${positionName(position)} speaker points.` });
}

/**
 * Each team's place, by side: `{ og: 2, oo: 1, cg: 4, co: 3 }`. Four teams, no other key; a team that forfeited may be
 * left out (it takes its forfeit place), so a missing team is refused by `bpBallotResult`, which knows the forfeits.
 */
export const ZBpRanks = z.strictObject(
  { og: zRank('og').optional(), oo: zRank('oo').optional(), cg: zRank('cg').optional(), co: zRank('co').optional() },
  {
    error:
      'A room has four teams: rank Opening Government, Opening Opposition, Closing Government and Closing Opposition.',
  },
);

/**
 * Each speaker's points, by position: `{ pm: 76, dpm: 75, lo: 78, … }`. Eight speakers, no other key; the speakers of a
 * team that forfeited get none (`bpBallotResult` refuses a missing one of a team still in the room).
 */
export const ZBpSpeakerPoints = z.strictObject(
  Object.fromEntries(BP_POSITIONS.map((position) => [position, zPoints(position).optional()])) as Record<
    TBpPosition,
    z.ZodOptional<ReturnType<typeof zPoints>>
  >,
  { error: 'A room has eight speakers: give points to each of PM, DPM, LO, DLO, MG, GW, MO and OW.' },
);

export const ZBpBallotRequest = z.object({
  ranks: ZBpRanks,
  speakerPoints: ZBpSpeakerPoints,
  /** The judge confirms a ranking that puts a team above one with as many speaker points or more. */
  isLowPointWinConfirmed: z.boolean().optional(),
  reason: zText('multiline', { label: 'Reason for decision', max: DEBATE_REASON_MAX }),
});
export type TBpBallotRequest = z.infer<typeof ZBpBallotRequest>;

/** What a ballot decides. */
export interface TBpBallotResult {
  ranks: Record<TBpSide, TBpRank>;
  /** 3, 2, 1, 0 by place. */
  teamPoints: Record<TBpSide, number>;
  /** Each team's speaker points: its two speakers' together (0 for a team that forfeited). */
  teamSpeakerPoints: Record<TBpSide, number>;
  /** Each speaker's points; none for the speakers of a team that forfeited. */
  speakerPoints: Partial<Record<TBpPosition, number>>;
  /** A team is ranked above one with as many points or more (allowed only when the judge confirmed it). */
  isLowPointWin: boolean;
}

/** Why a ranking is refused: not each of the four teams at its own place, 1 to 4. Null when it is whole. */
export function bpRankingRefusal(ranks: Readonly<Record<string, unknown>>): string | null {
  for (const side of BP_SIDES) {
    const rank = ranks[side];
    if (rank === undefined) return `Rank every team: ${sideName(side)} has no place.`;
    if (typeof rank !== 'number' || !Number.isInteger(rank) || rank < 1 || rank > 4) {
      return `Rank ${sideName(side)} ${RANK_WORDS}.`;
    }
  }
  const extra = Object.keys(ranks).find((key) => !(BP_SIDES as readonly string[]).includes(key));
  if (extra !== undefined) return 'A room has four teams: rank only OG, OO, CG and CO.';
  for (const [i, side] of BP_SIDES.entries()) {
    const twin = BP_SIDES.slice(i + 1).find((other) => ranks[other] === ranks[side]);
    if (twin) {
      const place = PLACE_WORDS[ranks[side] as TBpRank];
      return `${sideName(side)} and ${sideName(twin)} are both ranked ${place}: each team takes its own place, first to fourth, with no ties.`;
    }
  }
  return null;
}

/** "in whole points", "in half points", "in steps of 0.1". */
function stepWords(step: number): string {
  if (step === 1) return 'in whole points';
  if (step === 0.5) return 'in half points';
  return `in steps of ${step}`;
}

/** Whether `points` is on the scale: within it, a whole number of steps from its minimum. */
export function isOnScale(points: number, scale: TBpSpeakerScale): boolean {
  if (!Number.isFinite(points) || points < scale.min || points > scale.max) return false;
  const steps = (points - scale.min) / scale.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Why a speaker's points are refused: one missing, or off the scale. Null when all eight are on it. */
export function bpSpeakerPointsRefusal(
  points: Readonly<Record<string, unknown>>,
  scale: TBpSpeakerScale = WUDC_SPEAKER_SCALE,
): string | null {
  for (const position of BP_POSITIONS) {
    const given = points[position];
    if (typeof given !== 'number') return `Give the ${positionName(position)} speaker points.`;
    if (!isOnScale(given, scale)) {
      return `Speaker points go from ${scale.min} to ${scale.max} ${stepWords(scale.step)}: the ${positionName(position)}’s ${given} is not on the scale.`;
    }
  }
  const extra = Object.keys(points).find((key) => !(BP_POSITIONS as readonly string[]).includes(key));
  if (extra !== undefined) return 'A room has eight speakers: give points only to PM, DPM, LO, DLO, MG, GW, MO and OW.';
  return null;
}

/** Each team's points: its two speakers' together (rounded to hundredths, so tenths add up exactly). */
export function teamSpeakerPointsOf(points: Readonly<Record<TBpPosition, number>>): Record<TBpSide, number> {
  const totals = { og: 0, oo: 0, cg: 0, co: 0 };
  for (const position of BP_POSITIONS) totals[BP_SIDE_OF[position]] += points[position];
  for (const side of BP_SIDES) totals[side] = Math.round(totals[side] * 100) / 100;
  return totals;
}

/**
 * The first pair (from the top of the ranking) where a team is ranked above one with as many speaker points or
 * more, or null when the points agree with the ranking.
 */
export function lowPointWinOf(
  ranks: Readonly<Record<TBpSide, TBpRank>>,
  totals: Readonly<Record<TBpSide, number>>,
  sides: readonly TBpSide[] = BP_SIDES,
): { higher: TBpSide; lower: TBpSide } | null {
  const byPlace = [...sides].sort((a, b) => ranks[a] - ranks[b]);
  for (const [i, higher] of byPlace.entries()) {
    const lower = byPlace.slice(i + 1).find((other) => totals[other] >= totals[higher]);
    if (lower) return { higher, lower };
  }
  return null;
}

/**
 * Why a ballot's entries for the teams that forfeited are refused: a place other than their forfeit place, or points
 * for their speakers. Null when they are left out or match.
 */
function forfeitEntriesRefusal(
  ballot: { ranks: Readonly<Record<string, unknown>>; speakerPoints: Readonly<Record<string, unknown>> },
  forfeits: TBpForfeits,
): string | null {
  for (const side of BP_SIDES) {
    const place = forfeits[side];
    if (place === undefined) continue;
    const given = ballot.ranks[side];
    if (given !== undefined && given !== place) {
      return `${sideName(side)} forfeited: it takes ${PLACE_WORDS[place]} place, below the teams that stayed.`;
    }
    const scored = BP_POSITIONS.find((p) => BP_SIDE_OF[p] === side && ballot.speakerPoints[p] !== undefined);
    if (scored) return `${sideName(side)} forfeited: its speakers get no speaker points.`;
  }
  return null;
}

/**
 * A ballot's result, or why it is refused (a sentence for a 400): the ranking (`bpRankingRefusal`), the points on
 * `scale` (`bpSpeakerPointsRefusal`), then a ranking that contradicts the points unless `isLowPointWinConfirmed`.
 * With `forfeits` (the teams that forfeited, `TBpForfeits`), those teams take their forfeit places with no team or
 * speaker points, and the ballot ranks and scores the teams that stayed, in the places above them.
 */
export function bpBallotResult(
  ballot: {
    ranks: Readonly<Record<string, unknown>>;
    speakerPoints: Readonly<Record<string, unknown>>;
    isLowPointWinConfirmed?: boolean | undefined;
  },
  scale: TBpSpeakerScale = WUDC_SPEAKER_SCALE,
  forfeits: TBpForfeits = {},
): TBpBallotResult | string {
  const forfeitRefusal = forfeitEntriesRefusal(ballot, forfeits);
  if (forfeitRefusal) return forfeitRefusal;
  const rankRefusal = bpRankingRefusal({ ...ballot.ranks, ...forfeits });
  if (rankRefusal) return rankRefusal;
  const stayed = remainingBpTeams(forfeits);
  // The speakers of a forfeited team are read at the scale's minimum for the check only; they get no points.
  const gone = Object.fromEntries(
    BP_POSITIONS.filter((p) => forfeits[BP_SIDE_OF[p]] !== undefined).map((p) => [p, scale.min]),
  );
  const pointsRefusal = bpSpeakerPointsRefusal({ ...ballot.speakerPoints, ...gone }, scale);
  if (pointsRefusal) return pointsRefusal;
  const ranks = { ...ballot.ranks, ...forfeits } as Record<TBpSide, TBpRank>;
  const speakerPoints = Object.fromEntries(
    remainingBpPositions(forfeits).map((p) => [p, ballot.speakerPoints[p] as number]),
  ) as Partial<Record<TBpPosition, number>>;
  const teamSpeakerPoints = teamSpeakerPointsOf({ ...gone, ...speakerPoints } as Record<TBpPosition, number>);
  for (const side of BP_SIDES) if (forfeits[side] !== undefined) teamSpeakerPoints[side] = 0;
  const contradiction = lowPointWinOf(ranks, teamSpeakerPoints, stayed);
  if (contradiction && !ballot.isLowPointWinConfirmed) {
    const { higher, lower } = contradiction;
    const [a, b] = [teamSpeakerPoints[higher], teamSpeakerPoints[lower]];
    const how = a === b ? `the same speaker points (${a} each)` : `fewer speaker points (${a} to ${b})`;
    return `${sideName(higher)} is ranked above ${sideName(lower)} with ${how}: change the points or the ranking, or confirm it as a low-point win.`;
  }
  const teamPoints = { og: 0, oo: 0, cg: 0, co: 0 };
  for (const side of stayed) teamPoints[side] = BP_TEAM_POINTS[ranks[side]];
  return {
    ranks: { ...ranks },
    teamPoints,
    teamSpeakerPoints,
    speakerPoints: { ...speakerPoints },
    isLowPointWin: contradiction !== null,
  };
}
