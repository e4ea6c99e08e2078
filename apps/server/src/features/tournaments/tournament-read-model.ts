/**
 * The read model of a tournament's rounds and tab: built once per tournament version and instance, unfiltered, and
 * filtered per viewer after (a pure step in the caller). The version is `tournaments.version`, bumped by triggers in the
 * same transaction as any change to what the rounds and the tab are read from (migration 0053), so a kept answer is
 * never served after a change, on whichever instance it was made. The row is read before the data (by the caller's
 * access check), so a kept answer is never older than its version; a reader holding an older row than the one already
 * kept builds its own and keeps nothing. The rest of the row (a published date, the panel sizes) is part of the key.
 */
import type { TTournamentDivisionStandings, TTournamentRound } from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import type { TTournamentRow } from './tournaments.tables';

interface TReads {
  rounds: TTournamentRound[];
  standings: TTournamentDivisionStandings[];
}

interface TEntry {
  version: number;
  /** The whole row as read: a change to the tournament's own row (no trigger) makes another entry. */
  stamp: string;
  reads: Map<keyof TReads, Promise<unknown>>;
}

/** Tournaments kept per instance; the least recently built goes first past it. */
export const READ_MODEL_TOURNAMENTS_MAX = 200;

const caches = new WeakMap<TDatabase, Map<number, TEntry>>();

/** How many times each read was built (the read-model tests and the benchmark count them). */
export const readModelBuilds = { rounds: 0, standings: 0 };

/**
 * `read` of tournament `row` (its rounds or its tab) for the row's version, built by `build` once per version and
 * instance. The answer is shared: callers filter it into new objects and never change it.
 */
export async function readModel<K extends keyof TReads>(
  database: TDatabase,
  row: TTournamentRow,
  read: K,
  build: () => Promise<TReads[K]>,
): Promise<TReads[K]> {
  const version = Number(row.version);
  const stamp = JSON.stringify(row);
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map()));
  let entry = cache.get(row.id);
  if (entry && version < entry.version) return counted(read, build);
  if (!entry || version > entry.version || entry.stamp !== stamp) {
    cache.delete(row.id);
    if (cache.size >= READ_MODEL_TOURNAMENTS_MAX) cache.delete(cache.keys().next().value!);
    entry = { version, stamp, reads: new Map() };
    cache.set(row.id, entry);
  }
  const reads = entry.reads;
  let pending = reads.get(read) as Promise<TReads[K]> | undefined;
  if (!pending) {
    const built = counted(read, build);
    reads.set(read, built);
    // A failed build is not kept: the next request tries again.
    built.catch(() => {
      if (reads.get(read) === built) reads.delete(read);
    });
    pending = built;
  }
  return pending;
}

function counted<K extends keyof TReads>(read: K, build: () => Promise<TReads[K]>): Promise<TReads[K]> {
  readModelBuilds[read] += 1;
  return build();
}
