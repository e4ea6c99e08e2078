import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * British Parliamentary tournaments (issue 41, item 4; docs/decisions.md "A BP tournament's rooms"):
 * - `tournamentBpRooms`: a round's room of four teams (entrants) by position, the ordinary round (kind `tournament`)
 *   it opened, and the team points of the bracket it was drawn in. Kept apart from `tournamentPairings`, whose every
 *   reader (the two-team draw, the bracket, the tab, no-shows) reads an affirmative and a negative.
 * - `tournaments.speechMinutes`: a BP tournament's speech length, 7 or 5; null in the other formats.
 * - The tournament's version (migration 0053) is bumped by a change of a room, of its round, its ranked ballot, its
 *   speaker points or its panel.
 */
const BY_ROOM = (column: string) => `select r."tournamentId" from "tournamentBpRooms" b
  join "tournamentRounds" r on r."id" = b."roundId" where b."debateId" = $."${column}"`;
const SOURCES = [
  {
    table: 'tournamentBpRooms',
    name: 'bp_rooms',
    tournaments: `select r."tournamentId" from "tournamentRounds" r where r."id" = $."roundId"`,
  },
  { table: 'debates', name: 'bp_debates', tournaments: BY_ROOM('id'), when: `$."kind" = 'tournament'` },
  { table: 'bpTeamResults', name: 'bp_team_results', tournaments: BY_ROOM('debateId') },
  { table: 'bpSpeakerPoints', name: 'bp_speaker_points', tournaments: BY_ROOM('debateId') },
  { table: 'debatePanelJudges', name: 'bp_panel_judges', tournaments: BY_ROOM('debateId') },
] as { table: string; name: string; tournaments: string; when?: string }[];
const bump = (ids: string) => `update "tournaments" set "version" = "version" + 1 where "id" in (${ids});`;
const EVENTS = ['insert', 'update', 'delete'] as const;

export function tournamentBpRooms({ engine, id }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tournaments').addColumn('speechMinutes', 'integer').execute();
      await db.schema
        .createTable('tournamentBpRooms')
        .addColumn('id', id.type, id.build)
        .addColumn('roundId', 'integer', (c) => c.notNull().references('tournamentRounds.id').onDelete('cascade'))
        .addColumn('ogEntrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id'))
        .addColumn('ooEntrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id'))
        .addColumn('cgEntrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id'))
        .addColumn('coEntrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id'))
        .addColumn('debateId', 'integer', (c) => c.references('debates.id').onDelete('set null'))
        .addColumn('bracket', 'integer', (c) => c.notNull())
        .addUniqueConstraint('tournamentBpRooms_debate', ['debateId'])
        .execute();
      await db.schema.createIndex('tournamentBpRooms_round').on('tournamentBpRooms').columns(['roundId']).execute();
      for (const { table, name, tournaments, when } of SOURCES) {
        if (engine === 'postgres') {
          const [onNew, onOld] = [when?.replaceAll('$', 'new') ?? 'true', when?.replaceAll('$', 'old') ?? 'true'];
          await sql
            .raw(
              `create function tournament_version_${name}() returns trigger language plpgsql as $fn$
               begin
                 if TG_OP <> 'DELETE' then
                   if ${onNew} then ${bump(tournaments.replaceAll('$', 'new'))} end if;
                 elsif ${onOld} then ${bump(tournaments.replaceAll('$', 'old'))}
                 end if;
                 return null;
               end $fn$`,
            )
            .execute(db);
          await sql
            .raw(
              `create constraint trigger ${name}_tournament_version after insert or update or delete
               on "${table}" deferrable initially deferred
               for each row execute function tournament_version_${name}()`,
            )
            .execute(db);
          continue;
        }
        for (const event of EVENTS) {
          const row = event === 'delete' ? 'old' : 'new';
          const condition = when ? ` when ${when.replaceAll('$', row)}` : '';
          await sql
            .raw(
              `create trigger ${name}_tournament_version_${event} after ${event} on "${table}"${condition} begin
                 ${bump(tournaments.replaceAll('$', row))}
               end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table, name } of SOURCES) {
        if (engine === 'postgres') {
          await sql.raw(`drop trigger ${name}_tournament_version on "${table}"`).execute(db);
          await sql.raw(`drop function tournament_version_${name}()`).execute(db);
        } else {
          for (const event of EVENTS) await sql.raw(`drop trigger ${name}_tournament_version_${event}`).execute(db);
        }
      }
      await db.schema.dropTable('tournamentBpRooms').execute();
      await db.schema.alterTable('tournaments').dropColumn('speechMinutes').execute();
    },
  };
}
