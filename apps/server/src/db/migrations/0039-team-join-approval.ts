import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Pending team members: a join that needs the coach's approval is a `teamMembers` row with
 * `isPending` 1, which no read of teammates counts until a coach approves it (0). `teams.requiresApproval` is the
 * coach's own switch "Require approval to join"; a team with a member under 18 needs approval whatever it says.
 * Everyone on a team before this migration stays a member, and no team's switch starts on.
 */
export function teamJoinApproval(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('teamMembers')
        .addColumn('isPending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('teams')
        .addColumn('requiresApproval', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('teams').dropColumn('requiresApproval').execute();
      await db.schema.alterTable('teamMembers').dropColumn('isPending').execute();
    },
  };
}
