import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * What a tournament's rounds and tab are read from, and which tournaments a changed row belongs to (`$` stands for
 * `NEW` or `OLD`). `when` limits the trigger to the rows and columns that matter (a debate of a tournament; a name).
 */
const SOURCES: { table: string; tournaments: string; when?: string; events?: readonly TEvent[] }[] = [
  { table: 'tournamentRounds', tournaments: `select $."tournamentId"` },
  { table: 'tournamentEntrants', tournaments: `select $."tournamentId"` },
  { table: 'tournamentDivisions', tournaments: `select $."tournamentId"` },
  { table: 'tournamentMotions', tournaments: `select $."tournamentId"` },
  { table: 'tournamentJudges', tournaments: `select $."tournamentId"` },
  {
    table: 'tournamentPairings',
    tournaments: `select r."tournamentId" from "tournamentRounds" r where r."id" = $."roundId"`,
  },
  ...['debates', 'debateBallots', 'debatePanelJudges'].map((table) => ({
    table,
    tournaments: `select r."tournamentId" from "tournamentPairings" p
      join "tournamentRounds" r on r."id" = p."roundId" where p."debateId" = $."${table === 'debates' ? 'id' : 'debateId'}"`,
    when: table === 'debates' ? `$."kind" = 'tournament'` : undefined,
  })),
  {
    table: 'users',
    tournaments: `select e."tournamentId" from "tournamentEntrants" e where e."userId" = $."id"
      union select j."tournamentId" from "tournamentJudges" j where j."userId" = $."id"`,
    when: `old."displayName" is not new."displayName" or old."paradigm" is not new."paradigm"
      or old."birthMonth" is not new."birthMonth"`,
    events: ['update'],
  },
  {
    table: 'teams',
    tournaments: `select e."tournamentId" from "tournamentEntrants" e where e."teamId" = $."id"`,
    when: `old."name" is not new."name"`,
    events: ['update'],
  },
];
type TEvent = 'insert' | 'update' | 'delete';
const EVENTS: readonly TEvent[] = ['insert', 'update', 'delete'];
const bump = (ids: string) => `update "tournaments" set "version" = "version" + 1 where "id" in (${ids});`;

/**
 * A tournament's version (the tournaments feature; docs/data.md): `tournaments.version`, bumped by triggers in the same
 * transaction as any change to what its rounds and tab are read from — its rounds, pairings, entrants, divisions,
 * motions and judges, its debates with their ballots and panels, and the names (and paradigms) of its people. An
 * instance keeps the rounds and the tab it built for one (tournament, version) (`tournament-read-model.ts`), and every
 * instance sees a change at once because the version is in the database, as the public reads' (migration 0038).
 * On PostgreSQL the bump is deferred to commit (as 0038's): the tournament's row is locked last, after the rows the
 * transaction changed, so it cannot deadlock with another transaction on one of those rows.
 */
export function tournamentVersions({ engine }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tournaments')
        .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
        .execute();
      for (const { table, tournaments, when, events = EVENTS } of SOURCES) {
        if (engine === 'postgres') {
          // A condition on both rows (a name changed) reads OLD and NEW as they are; one on the row reads it.
          const isChange = when?.includes('old.') ?? false;
          const onNew = when
            ? isChange
              ? when.replaceAll(' is not ', ' is distinct from ')
              : when.replaceAll('$', 'new')
            : 'true';
          const onOld = when && !isChange ? when.replaceAll('$', 'old') : 'true';
          await sql
            .raw(
              `create function tournament_version_${table}() returns trigger language plpgsql as $fn$
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
              `create constraint trigger ${table}_tournament_version after ${events.join(' or ')} on "${table}"
               deferrable initially deferred
               for each row execute function tournament_version_${table}()`,
            )
            .execute(db);
          continue;
        }
        for (const event of events) {
          const row = event === 'delete' ? 'old' : 'new';
          const condition = when ? ` when ${when.replaceAll('$', row)}` : '';
          await sql
            .raw(
              `create trigger ${table}_tournament_version_${event} after ${event} on "${table}"${condition} begin
                 ${bump(tournaments.replaceAll('$', row))}
               end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { table, events = EVENTS } of SOURCES) {
        if (engine === 'postgres') {
          await sql.raw(`drop trigger ${table}_tournament_version on "${table}"`).execute(db);
          await sql.raw(`drop function tournament_version_${table}()`).execute(db);
        } else {
          for (const event of events) await sql.raw(`drop trigger ${table}_tournament_version_${event}`).execute(db);
        }
      }
      await db.schema.alterTable('tournaments').dropColumn('version').execute();
    },
  };
}
