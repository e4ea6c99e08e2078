import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Tournaments of teams (issue 40, item 6; docs/decisions.md "A tournament's entrant is a team"):
 * - `tournaments.teamSize`: debaters per entrant, 1 (each entrant debates alone, every tournament so far) or the
 *   format's team size (2 in Public Forum and Parliamentary).
 * - `tournamentEntrantMembers`: the debaters of an entrant, in speaking order (`memberOrder` 1 is the first position
 *   of a side), each with when they confirmed (the captain, `tournamentEntrants.userId`, at entry; a partner when
 *   they accept). Unique per (tournament, user): nobody is in two teams of one tournament.
 * - Every existing entrant becomes a team of one, confirmed when they entered.
 * - The tournament's version (migration 0053) is bumped by a change of a member, or of a member's name.
 */
const SOURCES = [
  { table: 'tournamentEntrantMembers', name: 'members', tournaments: `select $."tournamentId"`, when: undefined },
  {
    table: 'users',
    name: 'member_names',
    tournaments: `select m."tournamentId" from "tournamentEntrantMembers" m where m."userId" = $."id"`,
    when: `old."displayName" is not new."displayName" or old."birthMonth" is not new."birthMonth"`,
  },
] as const;
const bump = (ids: string) => `update "tournaments" set "version" = "version" + 1 where "id" in (${ids});`;

export function tournamentTeams({ engine }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tournaments')
        .addColumn('teamSize', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createTable('tournamentEntrantMembers')
        .addColumn('entrantId', 'integer', (c) => c.notNull().references('tournamentEntrants.id').onDelete('cascade'))
        .addColumn('tournamentId', 'integer', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('memberOrder', 'integer', (c) => c.notNull())
        .addColumn('confirmedAt', 'text')
        .addPrimaryKeyConstraint('tournamentEntrantMembers_pk', ['entrantId', 'userId'])
        .addUniqueConstraint('tournamentEntrantMembers_once', ['tournamentId', 'userId'])
        .addUniqueConstraint('tournamentEntrantMembers_order', ['entrantId', 'memberOrder'])
        .execute();
      await db.schema
        .createIndex('tournamentEntrantMembers_user')
        .on('tournamentEntrantMembers')
        .columns(['userId'])
        .execute();
      await sql`insert into "tournamentEntrantMembers" ("entrantId", "tournamentId", "userId", "memberOrder", "confirmedAt")
        select "id", "tournamentId", "userId", 1, "enteredAt" from "tournamentEntrants"`.execute(db);
      for (const { table, name, tournaments, when } of SOURCES) {
        if (engine === 'postgres') {
          const onNew = when ? when.replaceAll(' is not ', ' is distinct from ') : 'true';
          await sql
            .raw(
              `create function tournament_version_${name}() returns trigger language plpgsql as $fn$
               begin
                 if TG_OP <> 'DELETE' then
                   if ${onNew} then ${bump(tournaments.replaceAll('$', 'new'))} end if;
                 else ${bump(tournaments.replaceAll('$', 'old'))}
                 end if;
                 return null;
               end $fn$`,
            )
            .execute(db);
          await sql
            .raw(
              `create constraint trigger ${name}_tournament_version after ${when ? 'update' : 'insert or update or delete'}
               on "${table}" deferrable initially deferred
               for each row execute function tournament_version_${name}()`,
            )
            .execute(db);
          continue;
        }
        for (const event of when ? (['update'] as const) : (['insert', 'update', 'delete'] as const)) {
          const row = event === 'delete' ? 'old' : 'new';
          const condition = when ? ` when ${when}` : '';
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
      for (const { name, when } of SOURCES) {
        if (engine === 'postgres') {
          await sql
            .raw(`drop trigger ${name}_tournament_version on "${SOURCES.find((s) => s.name === name)!.table}"`)
            .execute(db);
          await sql.raw(`drop function tournament_version_${name}()`).execute(db);
        } else {
          for (const event of when ? ['update'] : ['insert', 'update', 'delete']) {
            await sql.raw(`drop trigger ${name}_tournament_version_${event}`).execute(db);
          }
        }
      }
      await db.schema.dropTable('tournamentEntrantMembers').execute();
      await db.schema.alterTable('tournaments').dropColumn('teamSize').execute();
    },
  };
}
