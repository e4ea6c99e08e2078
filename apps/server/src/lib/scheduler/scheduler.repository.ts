/**
 * The scheduler's SQL (`scheduledJobs`, migration 0029). Every claim is one conditional UPDATE, so of several
 * instances polling the same table exactly one gets a due job; times are ISO strings, compared as such.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

/** A periodic job's row (one per name): created due at `dueAt` the first time an instance registers it. */
export async function ensurePeriodic(db: TDb, name: string, dueAt: string): Promise<void> {
  await db
    .insertInto('scheduledJobs')
    .values({ name, key: '', dueAt, payload: null })
    .onConflict((oc) => oc.columns(['name', 'key']).doNothing())
    .execute();
}

/**
 * Makes a job due at `dueAt` (again, if it ran), with its payload. `ifAbsent`: leave a job that is still pending as it
 * is (its earlier due time stands). A job that is running keeps its claim; it runs again at the new time.
 */
export async function upsertJob(
  db: TDb,
  job: { name: string; key: string; dueAt: string; payload: string | null },
  ifAbsent: boolean,
): Promise<void> {
  await db
    .insertInto('scheduledJobs')
    .values(job)
    .onConflict((oc) => {
      const update = oc.columns(['name', 'key']).doUpdateSet({
        dueAt: job.dueAt,
        payload: job.payload,
        doneAt: null,
        attempts: 0,
        lastError: null,
      });
      return ifAbsent ? update.where('scheduledJobs.doneAt', 'is not', null) : update;
    })
    .execute();
}

export async function deleteJob(db: TDb, name: string, key: string): Promise<number> {
  const result = await db
    .deleteFrom('scheduledJobs')
    .where('name', '=', name)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Jobs of these names that are due and not held by a live claim, earliest first. */
export async function listDue(db: TDb, names: readonly string[], now: string, limit: number) {
  if (names.length === 0) return [];
  return db
    .selectFrom('scheduledJobs')
    .select(['name', 'key', 'dueAt', 'payload', 'attempts'])
    .where('doneAt', 'is', null)
    .where('dueAt', '<=', now)
    .where('name', 'in', names)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .orderBy('dueAt')
    .limit(limit)
    .execute();
}

/** Takes a due job for `claimedBy` until `claimedUntil`: true for exactly one caller, on whichever instance. */
export async function claim(
  db: TDb,
  job: { name: string; key: string },
  claimedBy: string,
  now: string,
  claimedUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('scheduledJobs')
    .set({ claimedBy, claimedUntil })
    .where('name', '=', job.name)
    .where('key', '=', job.key)
    .where('doneAt', 'is', null)
    .where('dueAt', '<=', now)
    .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A claimed job ran: a due-at job is done (unless it was scheduled again meanwhile, `dueAt` changed), a periodic one
 * is due at `nextDueAt`. The claim is given back either way.
 */
export async function finish(
  db: TDb,
  job: { name: string; key: string; dueAt: string },
  claimedBy: string,
  outcome: { doneAt: string } | { nextDueAt: string },
): Promise<void> {
  const mine = db
    .updateTable('scheduledJobs')
    .where('name', '=', job.name)
    .where('key', '=', job.key)
    .where('claimedBy', '=', claimedBy);
  if ('doneAt' in outcome) {
    await mine.set({ doneAt: outcome.doneAt, attempts: 0, lastError: null }).where('dueAt', '=', job.dueAt).execute();
  } else {
    await mine.set({ dueAt: outcome.nextDueAt, attempts: 0, lastError: null }).execute();
  }
  await mine.set({ claimedBy: null, claimedUntil: null }).execute();
}

/** A claimed job failed: due again at `retryAt`, with the error and one more attempt counted. */
export async function fail(
  db: TDb,
  job: { name: string; key: string; dueAt: string },
  claimedBy: string,
  retryAt: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('scheduledJobs')
    .set((eb) => ({
      dueAt: retryAt,
      attempts: eb('attempts', '+', 1),
      lastError: error.slice(0, 1000),
      claimedBy: null,
      claimedUntil: null,
    }))
    .where('name', '=', job.name)
    .where('key', '=', job.key)
    .where('claimedBy', '=', claimedBy)
    // Scheduled again while it ran: the new time stands.
    .where('dueAt', '=', job.dueAt)
    .execute();
  await db
    .updateTable('scheduledJobs')
    .set({ claimedBy: null, claimedUntil: null })
    .where('name', '=', job.name)
    .where('key', '=', job.key)
    .where('claimedBy', '=', claimedBy)
    .execute();
}

/** Forgets due-at jobs that ran before `before`. */
export async function purgeDone(db: TDb, before: string): Promise<number> {
  const result = await db.deleteFrom('scheduledJobs').where('doneAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findJob(db: TDb, name: string, key: string) {
  return db.selectFrom('scheduledJobs').selectAll().where('name', '=', name).where('key', '=', key).executeTakeFirst();
}
