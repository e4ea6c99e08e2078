import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A media-server room outlives its round's row (features/sfu; docs/data.md). `sfuRooms.debateId` no longer references
 * `debates` with a cascade: a round deleted (with an account that debated it) used to take its row along and leave
 * its Janus room open for ever; now the reconciliation finds the row of a round that is gone and destroys the room.
 * The table is made again (SQLite cannot drop a foreign key), its rows copied.
 */
export function sfuRoomsOutliveRounds(context: TMigrationContext) {
  const roomId = context.engine === 'postgres' ? 'bigint' : 'integer';
  async function remake(db: Kysely<unknown>, hasForeignKey: boolean) {
    await db.schema
      .createTable('sfuRoomsNext')
      .addColumn('debateId', 'integer', (c) =>
        hasForeignKey ? c.primaryKey().references('debates.id').onDelete('cascade') : c.primaryKey(),
      )
      .addColumn('janusRoomId', roomId, (c) => c.notNull())
      .addColumn('claimedAt', 'text', (c) => c.notNull())
      .addColumn('readyAt', 'text')
      .addColumn('destroyedAt', 'text')
      .execute();
    const copied = hasForeignKey ? sql`where "debateId" in (select "id" from "debates")` : sql``;
    await sql`insert into "sfuRoomsNext" ("debateId", "janusRoomId", "claimedAt", "readyAt", "destroyedAt")
      select "debateId", "janusRoomId", "claimedAt", "readyAt", "destroyedAt" from "sfuRooms" ${copied}`.execute(db);
    await db.schema.dropTable('sfuRooms').execute();
    await db.schema.alterTable('sfuRoomsNext').renameTo('sfuRooms').execute();
    await db.schema.createIndex('sfuRooms_open').on('sfuRooms').column('destroyedAt').execute();
  }
  return {
    up: (db: Kysely<unknown>) => remake(db, false),
    down: (db: Kysely<unknown>) => remake(db, true),
  };
}
