/**
 * Who a minor meets in a round: whether a debater is under 18 (or has not given an age: the safe
 * side), the coaches who may judge such a round, and whether its spectators see and hear it. Read from the debaters'
 * ages as they are now (users) and their teams (teams), never stored on the round.
 */
import { isMinorRound, spectatorsMayWatch, type TDebate } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { ageBandsOf } from '../users/users.service';
import { coachIdsOfTeamsOf } from '../memberships/memberships.service';
import type { TDebateRow } from './debates.tables';

const toggle = (value: number | null) => (value === null ? null : Number(value) === 1);

/** Whether a debater of the round is under 18 (or has no age yet). */
export async function roundHasMinor(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<boolean> {
  const bands = await ageBandsOf(deps.database.db, [row.debaterAId, row.debaterBId]);
  return isMinorRound([bands.get(row.debaterAId), bands.get(row.debaterBId)]);
}

/** Each debater's "let spectators watch" as it reads now (not chosen: on for adults, off with a minor). */
export function watchOf(row: TDebateRow, hasMinor: boolean): TDebate['spectatorWatch'] {
  const watch = { a: toggle(row.spectatorWatchA), b: toggle(row.spectatorWatchB) };
  return {
    a: watch.a ?? !hasMinor,
    b: watch.b ?? !hasMinor,
    isAllowed: spectatorsMayWatch({ hasMinor, watch }),
  };
}

/**
 * Whether spectators may see and hear the round and see its evidence now. Both toggles chosen decide it without
 * reading ages (the signal relay asks this for every spectator's signal).
 */
export async function isSpectatorWatchAllowed(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<boolean> {
  const watch = { a: toggle(row.spectatorWatchA), b: toggle(row.spectatorWatchB) };
  if (watch.a === false || watch.b === false) return false;
  if (watch.a === true && watch.b === true) return true;
  return spectatorsMayWatch({ hasMinor: await roundHasMinor(deps, row), watch });
}

/** What the round's snapshot says of minors: whether it has one, and then the coaches who may judge it. */
export async function minorsOfRound(deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow): Promise<TDebate['minors']> {
  const hasMinor = await roundHasMinor(deps, row);
  const coachIds = hasMinor ? await coachIdsOfTeamsOf(deps.database.db, [row.debaterAId, row.debaterBId]) : [];
  return { hasMinor, coachIds };
}
