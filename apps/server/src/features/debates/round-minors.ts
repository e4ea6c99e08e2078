/**
 * Who a minor meets in a round: whether a debater (any seat of any side) is under 18 (or has not given an age: the
 * safe side), the coaches who may judge such a round, and whether its spectators see and hear it. Read from the
 * debaters' ages as they are now (users) and their teams (teams), never stored on the round.
 */
import { isMinorRound, spectatorsMayWatch, type TDebate } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { ageBandsOf } from '../users/users.service';
import { coachIdsOfTeamsOf } from '../memberships/memberships.service';
import type { TDebateRow } from './debates.tables';
import { debaterSeatsOf } from './round-row';
import type { TSeatRow } from './debate-seats.repository';

const toggle = (value: number | null) => (value === null ? null : Number(value) === 1);

/** Whether a debater of the round (every seat) is under 18 (or has no age yet). */
export async function roundHasMinor(
  deps: Pick<TDebatesDeps, 'database'>,
  row: TDebateRow,
  seats?: readonly TSeatRow[],
): Promise<boolean> {
  const debaterIds = (seats ?? (await debaterSeatsOf(deps, row))).map((s) => s.userId);
  const bands = await ageBandsOf(deps.database.db, debaterIds);
  return isMinorRound(debaterIds.map((id) => bands.get(id)));
}

/**
 * Each side's first debater's "let spectators watch" as it reads now (not chosen: on for adults, off with a minor),
 * and whether spectators may watch: only while every debater's toggle (`seats`, partners too) allows it.
 */
export function watchOf(row: TDebateRow, hasMinor: boolean, seats: readonly TSeatRow[]): TDebate['spectatorWatch'] {
  const watch = { a: toggle(row.spectatorWatchA), b: toggle(row.spectatorWatchB) };
  return {
    a: watch.a ?? !hasMinor,
    b: watch.b ?? !hasMinor,
    isAllowed: spectatorsMayWatch({ hasMinor, watch: seats.map((s) => toggle(s.spectatorWatch)) }),
  };
}

/**
 * Whether spectators may see and hear the round and see its evidence now, from every debater's toggle. All of them
 * chosen decide it without reading ages (the signal relay asks this for every spectator's signal).
 */
export async function isSpectatorWatchAllowed(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<boolean> {
  const seats = await debaterSeatsOf(deps, row);
  const watch = seats.map((s) => toggle(s.spectatorWatch));
  if (watch.includes(false)) return false;
  if (watch.every((w) => w === true)) return true;
  return spectatorsMayWatch({ hasMinor: await roundHasMinor(deps, row, seats), watch });
}

/** What the round's snapshot says of minors: whether it has one, and then the coaches who may judge it. */
export async function minorsOfRound(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<TDebate['minors']> {
  const seats = await debaterSeatsOf(deps, row);
  const hasMinor = await roundHasMinor(deps, row, seats);
  const coachIds = hasMinor
    ? await coachIdsOfTeamsOf(
        deps.database.db,
        seats.map((s) => s.userId),
      )
    : [];
  return { hasMinor, coachIds };
}
