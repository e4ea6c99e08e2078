import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/** The public reads whose answers are cached per version (lib/read-cache), and the table each one reads. */
const READS = [
  { name: 'leaderboard', table: 'users' },
  { name: 'topics', table: 'topics' },
  { name: 'rooms', table: 'rooms' },
] as const;

/**
 * A version per cached public read, bumped by triggers in the same transaction as any change to the
 * table it reads: an instance keeps the read's serialised answer for one version, and every instance sees a change
 * at once because the version is in the database (as the ranking version of migration 0009). Any insert, update or
 * deletion bumps it — a rename shows on the leaderboard at once, and so would any column a later change filters on.
 */
export function readVersions({ engine }: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('readVersions')
        .addColumn('name', 'text', (c) => c.notNull().primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      for (const { name, table } of READS) {
        await sql`insert into "readVersions" ("name", "version") values (${name}, 1)`.execute(db);
        if (engine === 'postgres') {
          await sql
            .raw(
              `create function read_version_bump_${name}() returns trigger language plpgsql as $$
               begin
                 update "readVersions" set "version" = "version" + 1 where "name" = '${name}';
                 return null;
               end $$`,
            )
            .execute(db);
          // Deferred to commit, as the ranking version's: a transaction changing several rows takes the version
          // row's lock last, so it cannot deadlock with another one changing one of those rows meanwhile.
          await sql
            .raw(
              `create constraint trigger ${table}_read_version after insert or delete or update on "${table}"
               deferrable initially deferred
               for each row execute function read_version_bump_${name}()`,
            )
            .execute(db);
          continue;
        }
        for (const event of ['insert', 'delete', 'update'] as const) {
          await sql
            .raw(
              `create trigger ${table}_read_version_${event} after ${event} on "${table}" begin
                 update "readVersions" set "version" = "version" + 1 where "name" = '${name}';
               end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { name, table } of READS) {
        if (engine === 'postgres') {
          await sql.raw(`drop trigger ${table}_read_version on "${table}"`).execute(db);
          await sql.raw(`drop function read_version_bump_${name}()`).execute(db);
        } else {
          for (const event of ['insert', 'delete', 'update']) {
            await sql.raw(`drop trigger ${table}_read_version_${event}`).execute(db);
          }
        }
      }
      await db.schema.dropTable('readVersions').execute();
    },
  };
}
