import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * How many users hold each score, kept by triggers on `users` (sign-up, score change, deletion) in the same
 * transaction as the change. A rank then sums a few hundred score counts instead of counting every user
 * ahead, and the total is a sum over the same rows (docs/performance.md: 100,000 users with heavy ties).
 */
export function scoreCounts({ engine }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('scoreCounts')
        .addColumn('score', 'integer', (c) => c.notNull().primaryKey())
        .addColumn('users', 'integer', (c) => c.notNull())
        .execute();
      await sql`
        insert into "scoreCounts" ("score", "users") select "score", count(*) from "users" group by "score"
      `.execute(db);
      if (engine === 'postgres') {
        await sql`
          create function score_counts_sync() returns trigger language plpgsql as $$
          begin
            if tg_op in ('DELETE', 'UPDATE') then
              update "scoreCounts" set "users" = "users" - 1 where "score" = old."score";
            end if;
            if tg_op in ('INSERT', 'UPDATE') then
              insert into "scoreCounts" ("score", "users") values (new."score", 1)
              on conflict ("score") do update set "users" = "scoreCounts"."users" + 1;
            end if;
            return null;
          end $$
        `.execute(db);
        await sql`
          create trigger users_score_counts after insert or delete or update of "score" on "users"
          for each row execute function score_counts_sync()
        `.execute(db);
        return;
      }
      await sql`
        create trigger users_score_counts_insert after insert on "users" begin
          insert into "scoreCounts" ("score", "users") values (new."score", 1)
          on conflict ("score") do update set "users" = "users" + 1;
        end
      `.execute(db);
      await sql`
        create trigger users_score_counts_delete after delete on "users" begin
          update "scoreCounts" set "users" = "users" - 1 where "score" = old."score";
        end
      `.execute(db);
      await sql`
        create trigger users_score_counts_update after update of "score" on "users"
        when old."score" <> new."score" begin
          update "scoreCounts" set "users" = "users" - 1 where "score" = old."score";
          insert into "scoreCounts" ("score", "users") values (new."score", 1)
          on conflict ("score") do update set "users" = "users" + 1;
        end
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (engine === 'postgres') {
        await sql`drop trigger users_score_counts on "users"`.execute(db);
        await sql`drop function score_counts_sync()`.execute(db);
      } else {
        for (const name of ['insert', 'delete', 'update']) {
          await sql.raw(`drop trigger users_score_counts_${name}`).execute(db);
        }
      }
      await db.schema.dropTable('scoreCounts').execute();
    },
  };
}
