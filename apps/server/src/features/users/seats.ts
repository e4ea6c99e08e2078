/** The seat rule's read (`seatRefusal` in packages/shared): a module of its own, so any feature that seats reads it. */
import type { Kysely } from 'kysely';
import { refusalOf, seatRefusal, type TRefusal } from '@resolved/shared';
import type { DB } from '../../db/schema';
import * as repo from './users.repository';

/**
 * Those of these users who may not be seated in a round now, each with why (`seatRefusal`: banned, or suspended), read
 * in the caller's transaction when it has one; an account that no longer exists is among them, as banned.
 */
export async function seatRefusalsAmong(
  db: Kysely<DB>,
  ids: readonly string[],
  nowMs = Date.now(),
): Promise<Map<string, TRefusal>> {
  const refusals = new Map<string, TRefusal>();
  if (ids.length === 0) return refusals;
  const states = new Map((await repo.findSeatStates(db, ids)).map((row) => [row.id, row]));
  for (const id of ids) {
    const state = states.get(id);
    const refusal = state
      ? seatRefusal({ ...state, suspendedUntil: state.suspendedUntil ?? undefined }, nowMs)
      : refusalOf('account_banned');
    if (refusal) refusals.set(id, refusal);
  }
  return refusals;
}
