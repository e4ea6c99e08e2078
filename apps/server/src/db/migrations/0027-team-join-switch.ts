import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Joining a team switched off: the team keeps its last code with `isJoinOpen` 0, so someone typing that
 * code is told the team is not taking new members rather than that the code is not valid. Teams switched off before
 * this migration have no code left (it was cleared) and stay off.
 */
export function teamJoinSwitch(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('teams')
        .addColumn('isJoinOpen', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await sql`update "teams" set "isJoinOpen" = 0 where "joinCode" is null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('teams').dropColumn('isJoinOpen').execute();
    },
  };
}
