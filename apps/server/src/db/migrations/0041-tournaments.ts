import type { Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Tournaments (the `tournaments` feature; docs/data.md).
 * - `tournaments`: name, format, preliminary rounds (1–9), break size (0, or 2 and up; not a power of two: a partial
 *   break), schedule and entry mode, status (`registration` → `running` → `finished`), host, join code, times.
 * - `tournamentCohosts`: who manages it beside the host. `tournamentTeams`: the host's teams whose members may enter.
 * - `tournamentDivisions`: each draw, tab and break is per division; an open tournament's named divisions are split
 *   by age band (`ageBand` 'minor' or 'adult'; null: every age).
 * - `tournamentEntrants`: one row per person and tournament (unique); `withdrawnAt` keeps a withdrawn entrant's
 *   history; `noShows` counts missed rounds; `lateByeScore` the bye score of a late entry.
 * - `tournamentRounds`: one row per division and preliminary round, made `draft` with the tournament; releasing a
 *   round is the conditional UPDATE `draft` → `released` (the claim: once, whichever instance asks first).
 * - `tournamentPairings`: a released round's debates (aff, neg) or its bye (aff only, no debate), the draw's flags
 *   (JSON), Public Forum's coin-flip winner (who chooses side or speaking order), and the ordinary round
 *   (`debates.id`, kind `tournament`) it opened.
 * - `tournamentJudges`: the judge pool; `tournamentJudgeAvailability`: who is available for which round.
 */
export function tournaments({ id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tournaments')
        .addColumn('id', id.type, id.build)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('formatId', 'text', (c) => c.notNull())
        .addColumn('prelimRounds', 'integer', (c) => c.notNull())
        .addColumn('breakSize', 'integer', (c) => c.notNull())
        .addColumn('scheduleMode', 'text', (c) => c.notNull())
        .addColumn('entryMode', 'text', (c) => c.notNull())
        .addColumn('firstRound', 'text', (c) => c.notNull().defaultTo('random'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('registration'))
        .addColumn('joinCode', 'text', (c) => c.unique())
        .addColumn('hostId', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('startedAt', 'text')
        .addColumn('finishedAt', 'text')
        .execute();
      await db.schema.createIndex('tournaments_host').on('tournaments').columns(['hostId']).execute();
      await db.schema
        .createTable('tournamentCohosts')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('addedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentCohosts_pk', ['tournamentId', 'userId'])
        .execute();
      await db.schema.createIndex('tournamentCohosts_user').on('tournamentCohosts').columns(['userId']).execute();
      await db.schema
        .createTable('tournamentTeams')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('teamId', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('tournamentTeams_pk', ['tournamentId', 'teamId'])
        .execute();
      await db.schema
        .createTable('tournamentDivisions')
        .addColumn('id', id.type, id.build)
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('ageBand', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tournamentDivisions_tournament')
        .on('tournamentDivisions')
        .columns(['tournamentId', 'position'])
        .execute();
      await db.schema
        .createTable('tournamentEntrants')
        .addColumn('id', id.type, id.build)
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('divisionId', 'integer', (c) => c.notNull().references('tournamentDivisions.id').onDelete('cascade'))
        .addColumn('teamId', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('withdrawnAt', 'text')
        .addColumn('noShows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lateByeScore', 'real')
        .addColumn('enteredAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('tournamentEntrants_once', ['tournamentId', 'userId'])
        .execute();
      await db.schema.createIndex('tournamentEntrants_user').on('tournamentEntrants').columns(['userId']).execute();
      await db.schema
        .createTable('tournamentRounds')
        .addColumn('id', id.type, id.build)
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('divisionId', 'integer', (c) => c.notNull().references('tournamentDivisions.id').onDelete('cascade'))
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('releasedAt', 'text')
        .addColumn('releasedBy', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('completedAt', 'text')
        .addUniqueConstraint('tournamentRounds_once', ['tournamentId', 'divisionId', 'number'])
        .execute();
      await db.schema
        .createTable('tournamentPairings')
        .addColumn('id', id.type, id.build)
        .addColumn('roundId', 'integer', (c) => c.notNull().references('tournamentRounds.id').onDelete('cascade'))
        .addColumn('affEntrantId', 'integer', (c) =>
          c.notNull().references('tournamentEntrants.id').onDelete('cascade'),
        )
        .addColumn('negEntrantId', 'integer', (c) => c.references('tournamentEntrants.id').onDelete('cascade'))
        .addColumn('isBye', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('coinFlipWinnerId', 'integer', (c) => c.references('tournamentEntrants.id').onDelete('set null'))
        .addColumn('debateId', 'integer', (c) => c.references('debates.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('tournamentPairings_round').on('tournamentPairings').columns(['roundId']).execute();
      await db.schema.createIndex('tournamentPairings_debate').on('tournamentPairings').columns(['debateId']).execute();
      await db.schema
        .createTable('tournamentJudges')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('teamId', 'integer', (c) => c.references('teams.id').onDelete('set null'))
        .addColumn('addedAt', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentJudges_pk', ['tournamentId', 'userId'])
        .execute();
      await db.schema
        .createTable('tournamentJudgeAvailability')
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('roundNumber', 'integer', (c) => c.notNull())
        .addColumn('isAvailable', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournamentJudgeAvailability_pk', ['tournamentId', 'userId', 'roundNumber'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'tournamentJudgeAvailability',
        'tournamentJudges',
        'tournamentPairings',
        'tournamentRounds',
        'tournamentEntrants',
        'tournamentDivisions',
        'tournamentTeams',
        'tournamentCohosts',
        'tournaments',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
