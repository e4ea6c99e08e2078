import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Judges' paradigms, judge obligations and Parli motions per round (docs/data.md).
 * - `users.paradigm`: the short text a judge keeps on their account about how they judge (null: none); shown to
 *   debaters wherever the judge is named, never for an account under 18.
 * - `tournaments.entrantsPerJudge`: the host's judge obligation, one judge owed per this many entrants of a team
 *   (null: none).
 * - `tournamentMotions`: the motion a host set for a preliminary round (one per round number, every division), read
 *   by entrants only once the round is released, and the round's resolution at release.
 */
export function paradigmsMotions(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('paradigm', 'text').execute();
      await db.schema.alterTable('tournaments').addColumn('entrantsPerJudge', 'integer').execute();
      await db.schema
        .createTable('tournamentMotions')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('roundNumber', 'integer', (c) => c.notNull())
        .addColumn('motion', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentMotions_pk', ['tournamentId', 'roundNumber'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tournamentMotions').execute();
      await db.schema.alterTable('tournaments').dropColumn('entrantsPerJudge').execute();
      await db.schema.alterTable('users').dropColumn('paradigm').execute();
    },
  };
}
