import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A challenge between teams (issue 40): how the challenger challenges (`team` or `one-on-one`; null for links made
 * before, which are one-on-one) and, for a team, the partners they named (`,id,` each between commas, as the queue's).
 */
export function teamChallenges(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debateChallenges').addColumn('mode', 'text').execute();
      await db.schema.alterTable('debateChallenges').addColumn('partnerIds', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debateChallenges').dropColumn('partnerIds').execute();
      await db.schema.alterTable('debateChallenges').dropColumn('mode').execute();
    },
  };
}
