import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Age on the users table: `birthMonth` ("YYYY-MM"; null until the account gives it, asked
 * at its next sign-in), `isTeamManaged` (an under-13 account created through a team's join link) with `managedBy`
 * (the coach who owned that link: the school-consent route; kept as text so the record outlives the coach's account)
 * and `isVerifiedJudge` (an admin's flag: may judge rounds with a minor in them).
 */
export function age(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('birthMonth', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('isTeamManaged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('managedBy', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('isVerifiedJudge', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('isVerifiedJudge').execute();
      await db.schema.alterTable('users').dropColumn('managedBy').execute();
      await db.schema.alterTable('users').dropColumn('isTeamManaged').execute();
      await db.schema.alterTable('users').dropColumn('birthMonth').execute();
    },
  };
}
