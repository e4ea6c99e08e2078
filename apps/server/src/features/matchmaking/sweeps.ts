/** Sweep batching: joins that arrive together share one matching sweep per format and instance. */
import type { TFormatId, TQueueMode } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';

/** A join waiting to be written by the next sweep of its format. */
export interface TPendingJoin {
  userId: string;
  createdAt: string;
  /** How they queue; `solo` when not given (the ordinary queue of a format of one debater a side). */
  mode?: TQueueMode;
  /** In `team` mode, the partners they named. */
  partnerIds?: readonly string[];
  /** British Parliamentary: the speech length they chose (7 or 5). */
  speechMinutes?: number;
}

export interface TSweeps {
  /** The sweep running now, if any. */
  running: Promise<unknown> | null;
  /** The sweep that starts when the running one ends: every join until it starts waits for it. */
  next: Promise<Map<string, number>> | null;
  /** Joins the next sweep writes (a user joining twice meanwhile counts once, with their first time). */
  pending: Map<string, TPendingJoin>;
  /** The users whose joins the running sweep is writing. */
  writing: ReadonlySet<string>;
}

/** Per database handle (one per instance) and format. */
export const sweepsByDatabase = new WeakMap<object, Map<TFormatId, TSweeps>>();

export function sweepsOf(deps: TDebatesDeps, formatId: TFormatId): TSweeps {
  let byFormat = sweepsByDatabase.get(deps.database);
  if (!byFormat) sweepsByDatabase.set(deps.database, (byFormat = new Map()));
  let sweeps = byFormat.get(formatId);
  if (!sweeps) byFormat.set(formatId, (sweeps = { running: null, next: null, pending: new Map(), writing: new Set() }));
  return sweeps;
}

/** Drops a join that no sweep has written yet (the user cancelled first); true if there was one. */
export function forgetPendingJoin(deps: TDebatesDeps, userId: string): boolean {
  let forgotten = false;
  for (const sweeps of sweepsByDatabase.get(deps.database)?.values() ?? []) {
    forgotten = sweeps.pending.delete(userId) || forgotten;
  }
  return forgotten;
}

/** Resolves once no running sweep of this instance is writing the user's join. */
export async function sweepWriting(deps: TDebatesDeps, userId: string): Promise<void> {
  for (const sweeps of sweepsByDatabase.get(deps.database)?.values() ?? []) {
    if (sweeps.writing.has(userId)) await sweeps.running?.catch(() => undefined);
  }
}

/**
 * Asks for a sweep of a format (writing `join` first), run by `run`, and resolves with the debates of the users
 * it paired once a sweep that started after this call has ended. Joins that arrive while a sweep runs share
 * the next one, so a burst of N joins costs a few sweeps, not N. A failed sweep rejects only its own waiters.
 */
export function requestSweep(
  deps: TDebatesDeps,
  formatId: TFormatId,
  join: TPendingJoin | undefined,
  run: (joins: TPendingJoin[]) => Promise<Map<string, number>>,
): Promise<Map<string, number>> {
  const state = sweepsOf(deps, formatId);
  if (join) {
    // Joining one format takes the user out of a pending join for another (as the queue's upsert does).
    forgetPendingJoin(deps, join.userId);
    state.pending.set(join.userId, join);
  }
  if (state.next) return state.next;
  const previous = state.running ?? Promise.resolve();
  const sweep: Promise<Map<string, number>> = previous
    .catch(() => undefined)
    // One turn of the event loop, so that the joins whose requests arrived together share this sweep.
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      state.next = null;
      state.running = sweep;
      const joins = [...state.pending.values()];
      state.pending = new Map();
      state.writing = new Set(joins.map((j) => j.userId));
      return run(joins);
    })
    .finally(() => {
      if (state.running === sweep) {
        state.running = null;
        state.writing = new Set();
      }
    });
  state.next = sweep;
  return sweep;
}
