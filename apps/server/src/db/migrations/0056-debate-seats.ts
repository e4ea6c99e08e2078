import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * A round's debaters, one row per person (the rounds feature; docs/ARCHITECTURE.md, the seat model).
 * - `debateSeats`: the round, the person's side (`'a'`/`'b'` today; British Parliamentary will add four), their seat on
 *   it (1 is the side's first, also `debates.debaterAId`/`debaterBId`), their speaker position (a format's position id; null on a side of one), when they first opened the room, and what each debater
 *   chose for themselves: recording consent and "let spectators watch" (null: not chosen). Nobody sits twice in one
 *   round, no position is held twice on a side, and a side has at most one seat without a position.
 * - Every existing round is seated from `debaterAId`/`debaterBId` with their arrival and choices. Those columns stay
 *   written (each side's first seat) for the readers that have not moved to this table yet.
 */
export function debateSeats(_context: TMigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('debateSeats')
        .addColumn('debateId', 'integer', (c) => c.notNull().references('debates.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('position', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('joinedAt', 'text')
        .addColumn('recordConsent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('spectatorWatch', 'integer')
        .addPrimaryKeyConstraint('debateSeats_pk', ['debateId', 'userId'])
        .addUniqueConstraint('debateSeats_seat', ['debateId', 'side', 'seat'])
        .addUniqueConstraint('debateSeats_position', ['debateId', 'side', 'position'])
        .execute();
      // Both engines take NULLs as distinct in a unique constraint: a side's one seat without a position is its own.
      await db.schema
        .createIndex('debateSeats_unpositioned')
        .on('debateSeats')
        .columns(['debateId', 'side'])
        .unique()
        .where(sql.ref('position'), 'is', null)
        .execute();
      await db.schema.createIndex('debateSeats_user').on('debateSeats').columns(['userId', 'debateId']).execute();
      for (const side of ['A', 'B'] as const) {
        await sql`insert into "debateSeats" ("debateId", "side", "seat", "position", "userId", "joinedAt", "recordConsent", "spectatorWatch")
          select "id", ${side.toLowerCase()}, 1, null, ${sql.ref(`debater${side}Id`)}, ${sql.ref(`debater${side}JoinedAt`)},
            ${sql.ref(`recordConsent${side}`)}, ${sql.ref(`spectatorWatch${side}`)}
          from "debates"`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('debateSeats').execute();
    },
  };
}
