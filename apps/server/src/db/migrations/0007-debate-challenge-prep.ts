import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** A challenge may set the round's prep time (within the format's range); null means the format's default. */
export function debateChallengePrep(_ctx: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('debateChallenges').addColumn('prepMinutes', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('debateChallenges').dropColumn('prepMinutes').execute();
    },
  };
}
