import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * One scheduler and round kinds.
 * - `scheduledJobs`: the work that happens later or repeatedly (`lib/scheduler.ts`). A job is a name and a key (a
 *   periodic job's key is ''), due at `dueAt`; an instance claims it by setting `claimedBy`/`claimedUntil` in one
 *   conditional update, so a due job runs on one instance, and a claim whose instance died lapses at `claimedUntil`.
 *   A due-at job that ran is kept with `doneAt` (purged after a week); a periodic one is due again after its interval.
 *   Rows survive restarts: a job that fell due while no instance ran fires at the next start.
 * - `debates.kind`: how the round came to be (`TRoundKind`: matchmade, challenge, team). Backfilled: a round with a
 *   team, a start time or a coach's cancel is a team round (a deleted team leaves `teamId` null, so the start time and
 *   the cancel catch some of those; a deleted team's round started at once and never cancelled cannot be told from a
 *   matchmade one); a round an accepted challenge link names is a challenge; the rest were matched by the queue.
 */
export function schedulerRoundKinds(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scheduledJobs')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('dueAt', 'text', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('claimedBy', 'text')
        .addColumn('claimedUntil', 'text')
        .addColumn('doneAt', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lastError', 'text')
        .addPrimaryKeyConstraint('scheduledJobs_pk', ['name', 'key'])
        .execute();
      await db.schema.createIndex('scheduledJobs_dueAt').on('scheduledJobs').columns(['doneAt', 'dueAt']).execute();

      await db.schema
        .alterTable('debates')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('matchmade'))
        .execute();
      await sql`UPDATE "debates" SET "kind" = 'team'
        WHERE "teamId" IS NOT NULL OR "startsAt" IS NOT NULL OR "cancelledAt" IS NOT NULL`.execute(db);
      await sql`UPDATE "debates" SET "kind" = 'challenge'
        WHERE "kind" = 'matchmade'
          AND "id" IN (SELECT "debateId" FROM "debateChallenges" WHERE "debateId" IS NOT NULL)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('kind').execute();
      await db.schema.dropTable('scheduledJobs').execute();
    },
  };
}
