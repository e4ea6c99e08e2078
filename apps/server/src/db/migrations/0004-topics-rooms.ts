import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Topics and rooms become editable data:
 * - at most one current topic, enforced by the database (a partial unique index, same SQL on both engines);
 * - created rooms are counted per creator (the per-person cap), so index `createdBy`;
 * - rooms remember when they were last changed (admins edit the fixed rooms' links).
 */
export function topicsRoomsIntegrity(_ctx: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // Should an older database hold several current topics, keep the newest one current.
      await sql`
        update topics set "isCurrent" = 0
        where "isCurrent" = 1 and id <> (select max(id) from topics where "isCurrent" = 1)
      `.execute(db);
      await sql`create unique index topics_one_current on topics ("isCurrent") where "isCurrent" = 1`.execute(db);
      await db.schema.createIndex('rooms_created_by').on('rooms').column('createdBy').execute();
      await db.schema.alterTable('rooms').addColumn('updatedAt', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rooms').dropColumn('updatedAt').execute();
      await db.schema.dropIndex('rooms_created_by').execute();
      await db.schema.dropIndex('topics_one_current').execute();
    },
  };
}
