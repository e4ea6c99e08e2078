import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A counter that changes whenever anyone's rank may have changed — a sign-up, a score change, a deletion —
 * bumped by triggers on `users` in the same transaction as the change. A user's rank is cached per version
 * (users.service.ts): an exact rank inside a large tie counts index entries, so it is computed once per
 * change of the ranking instead of on every dashboard view. Being in the database, the version is shared by
 * every instance.
 */
export function rankingVersion({ engine }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rankingVersion')
        .addColumn('id', 'integer', (c) => c.notNull().primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into "rankingVersion" ("id", "version") values (1, 0)`.execute(db);
      if (engine === 'postgres') {
        await sql`
          create function ranking_version_bump() returns trigger language plpgsql as $$
          begin
            update "rankingVersion" set "version" = "version" + 1 where "id" = 1;
            return null;
          end $$
        `.execute(db);
        // Deferred to commit: a transaction that changes several users' scores (a ballot) takes the version row's
        // lock last, so it cannot deadlock with another transaction changing one of those users meanwhile.
        await sql`
          create constraint trigger users_ranking_version after insert or delete or update of "score" on "users"
          deferrable initially deferred
          for each row execute function ranking_version_bump()
        `.execute(db);
        return;
      }
      for (const [name, event] of [
        ['insert', 'after insert on "users"'],
        ['delete', 'after delete on "users"'],
        ['update', 'after update of "score" on "users" when old."score" <> new."score"'],
      ] as const) {
        await sql
          .raw(
            `create trigger users_ranking_version_${name} ${event} begin
               update "rankingVersion" set "version" = "version" + 1 where "id" = 1;
             end`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger users_ranking_version on "users"`.execute(db);
        await sql`drop function ranking_version_bump()`.execute(db);
      } else {
        for (const name of ['insert', 'delete', 'update']) {
          await sql.raw(`drop trigger users_ranking_version_${name}`).execute(db);
        }
      }
      await db.schema.dropTable('rankingVersion').execute();
    },
  };
}
