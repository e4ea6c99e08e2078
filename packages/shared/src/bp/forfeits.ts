/**
 * Forfeits in a British Parliamentary room (issue 41), pure: a forfeit is per team, never per bench. A team forfeits
 * when one of its two debaters resigns (the Forfeit button) or when both are away past the forfeit window; the other
 * three teams play on. The team takes the lowest place still free: the first team to forfeit is fourth, a second
 * third, a third second (a team that stayed longer ranks above one that left sooner), with no team points and no
 * speaker points. While two or more teams remain the room goes on and the chair ranks them above the forfeits; when
 * one team remains it ranks first and the room is decided without a ballot (docs/decisions.md).
 */
import {
  BP_POSITIONS,
  BP_SIDE_OF,
  BP_SIDES,
  isBpPosition,
  type TBpPosition,
} from '../formats/british-parliamentary.js';
import type { TSpeech } from '../formats/types.js';
import type { TBpRank, TBpSide } from './types.js';

/** The teams that forfeited a room and the place each takes (4 for the first to go, then 3, then 2). */
export type TBpForfeits = Readonly<Partial<Record<TBpSide, TBpRank>>>;

/** The place the next team to forfeit takes, after `forfeits`: the lowest place still free. */
export function nextForfeitPlace(forfeits: TBpForfeits): TBpRank {
  return (4 - Object.keys(forfeits).length) as TBpRank;
}

/** The teams still in the room, in BP order. */
export function remainingBpTeams(forfeits: TBpForfeits): TBpSide[] {
  return BP_SIDES.filter((side) => forfeits[side] === undefined);
}

/** The speaker positions of the teams still in the room, in speaking order's list (`BP_POSITIONS`). */
export function remainingBpPositions(forfeits: TBpForfeits): TBpPosition[] {
  return BP_POSITIONS.filter((position) => forfeits[BP_SIDE_OF[position]] === undefined);
}

/**
 * What a room becomes after `forfeits`: it goes on while two or more teams remain; with one left, it is decided, that
 * team first and the others in their forfeit places. Null when every team forfeited (it cannot be: the last team's
 * absence abandons the room instead).
 */
export function bpForfeitOutcome(
  forfeits: TBpForfeits,
): { kind: 'continues' } | { kind: 'decided'; ranks: Record<TBpSide, TBpRank> } | null {
  const remaining = remainingBpTeams(forfeits);
  if (remaining.length === 0) return null;
  if (remaining.length > 1) return { kind: 'continues' };
  const ranks = { og: 1, oo: 1, cg: 1, co: 1 } as Record<TBpSide, TBpRank>;
  for (const side of BP_SIDES) ranks[side] = forfeits[side] ?? 1;
  return { kind: 'decided', ranks };
}

/** Whether `speech` of a BP room is given by a team that forfeited (the clock skips it: `skipSpeeches`). */
export function isForfeitedSpeech(speech: TSpeech<string>, forfeits: TBpForfeits): boolean {
  if (speech.by.type !== 'speaker') return false;
  const position = speech.by.speaker.position;
  return isBpPosition(position) && forfeits[BP_SIDE_OF[position]] !== undefined;
}
