/**
 * A British Parliamentary room's clock once a team has forfeited (issue 41): nobody gives the forfeited team's
 * speeches, so the clock moves past them between speeches (`skipSpeeches`), and a debater of that team no longer runs
 * the clock or offers points. Read by the clock command and the POI offer; the forfeit itself is the results
 * feature's (`results/bp-forfeits.ts`).
 */
import {
  BP_SIDE_OF,
  isBpPosition,
  isForfeitedSpeech,
  skipSpeeches,
  type TBpForfeits,
  type TClockState,
} from '@resolved/shared';
import { findBpForfeits } from './bp-results.repository';
import type { TDebatesDb } from './debates.repository';
import type { TDebateRow } from './debates.tables';

/** The room's forfeits; `{}` in any other format (no read). */
export async function forfeitsOfRound(db: TDebatesDb, row: Pick<TDebateRow, 'id' | 'formatId'>): Promise<TBpForfeits> {
  return row.formatId === 'bp' ? findBpForfeits(db, Number(row.id)) : {};
}

/** `clock` moved past the speeches of the teams in `forfeits` (unchanged when none forfeited). */
export function skipForfeitedSpeeches(clock: TClockState, forfeits: TBpForfeits): TClockState {
  if (Object.keys(forfeits).length === 0) return clock;
  return skipSpeeches(clock, (speech) => isForfeitedSpeech(speech, forfeits));
}

/** Whether a debater in `position` is of a BP team that forfeited. */
export function isOfForfeitedTeam(position: string | null | undefined, forfeits: TBpForfeits): boolean {
  return isBpPosition(position) && forfeits[BP_SIDE_OF[position]] !== undefined;
}

/** Why a debater in `position` may not act in the room any more: their team forfeited. Null otherwise. */
export function forfeitedSeatRefusal(position: string | null | undefined, forfeits: TBpForfeits): string | null {
  return isOfForfeitedTeam(position, forfeits)
    ? 'Your team forfeited this round: the other teams play on without it.'
    : null;
}
