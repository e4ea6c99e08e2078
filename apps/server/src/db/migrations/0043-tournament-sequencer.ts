import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * The tournament's sequencer: rounds that release themselves, check-in, no-shows and standby judges
 * (`features/tournaments/tournament-sequencer.ts`; docs/data.md).
 * - `tournamentRounds.startsAt`: a fixed-schedule round's start (the host's time; null: released by hand, or by
 *   the ballots for `when_ballots_in`). `graceEndedAt`: when the sequencer checked who came to the round's rooms (the
 *   claim of that check, once). `resultsInAt`: when the sequencer saw every result of the round in (the
 *   `when_ballots_in` pause counts from it). `releaseRefusal`: why the last automatic release was refused (shown to hosts).
 * - `tournamentCheckIns`: who (an entrant or a judge) checked in for which round.
 * - `tournamentNoShows`: one row per entrant and round they missed (not checked in when the round was drawn, or
 *   not in their room by the end of the grace period); the unique row counts each miss once.
 * - `debates.judgeJoinedAt`: when the seated judge first opened the room (as `debaterAJoinedAt` for debaters).
 */
export function tournamentSequencer(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tournamentRounds').addColumn('startsAt', 'text').execute();
      await db.schema.alterTable('tournamentRounds').addColumn('graceEndedAt', 'text').execute();
      await db.schema.alterTable('tournamentRounds').addColumn('releaseRefusal', 'text').execute();
      await db.schema.alterTable('tournamentRounds').addColumn('resultsInAt', 'text').execute();
      await db.schema.alterTable('debates').addColumn('judgeJoinedAt', 'text').execute();
      await db.schema
        .createTable('tournamentCheckIns')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('roundNumber', 'integer', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('checkedInAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentCheckIns_pk', ['tournamentId', 'roundNumber', 'userId'])
        .execute();
      await db.schema
        .createTable('tournamentNoShows')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('entrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id').onDelete('cascade'))
        .addColumn('roundNumber', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('recordedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentNoShows_pk', ['entrantId', 'roundNumber'])
        .execute();
      await db.schema
        .createIndex('tournamentNoShows_tournament')
        .on('tournamentNoShows')
        .columns(['tournamentId', 'roundNumber'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tournamentNoShows').execute();
      await db.schema.dropTable('tournamentCheckIns').execute();
      await db.schema.alterTable('debates').dropColumn('judgeJoinedAt').execute();
      await db.schema.alterTable('tournamentRounds').dropColumn('resultsInAt').execute();
      await db.schema.alterTable('tournamentRounds').dropColumn('releaseRefusal').execute();
      await db.schema.alterTable('tournamentRounds').dropColumn('graceEndedAt').execute();
      await db.schema.alterTable('tournamentRounds').dropColumn('startsAt').execute();
    },
  };
}
