import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Upcoming and cancelled practice rounds.
 * - A round paired for later no longer holds its debaters' one-debate guard (`activeDebaters`) before its start: they
 *   may debate other rounds meanwhile, and the opening sweep takes the guard at the start. Rounds already paired and
 *   not yet opened (`openNoticeDueAt` still set) give theirs back here.
 * - `cancelledAt`: when a coach called the round off. It ends as `abandoned` either way (no result, no points); the
 *   column tells a cancel from both debaters leaving. Rounds cancelled before this migration cannot be told apart.
 */
export function upcomingRounds(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').addColumn('cancelledAt', 'text').execute();
      await sql`DELETE FROM "activeDebaters" WHERE "debateId" IN (
        SELECT "id" FROM "debates" WHERE "status" = 'live' AND "openNoticeDueAt" IS NOT NULL
      )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debates').dropColumn('cancelledAt').execute();
    },
  };
}
