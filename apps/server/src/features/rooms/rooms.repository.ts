import type { Kysely, Selectable } from 'kysely';
import type { TCreateRoomRequest, TRoom, TUpdateRoomRequest } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { RoomsTable } from './rooms.tables';

export function toRoom(row: Selectable<RoomsTable>): TRoom {
  return {
    id: row.id,
    name: row.name,
    zoomLink: row.zoomLink,
    isFixed: row.isFixed === 1,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

/** The six fixed rooms (ids 1–6) first, then created rooms in the order they were made. */
export async function listRooms(db: Kysely<DB>): Promise<TRoom[]> {
  const rows = await db.selectFrom('rooms').selectAll().orderBy('id', 'asc').execute();
  return rows.map(toRoom);
}

export async function findRoom(db: Kysely<DB>, id: number): Promise<TRoom | undefined> {
  const row = await db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRoom(row) : undefined;
}

export async function countRoomsCreatedBy(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('createdBy', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Created rooms take the next id of the table's sequence: 7 upward, never reusing a deleted room's id. */
export async function insertRoom(
  db: Kysely<DB>,
  input: TCreateRoomRequest,
  createdBy: string,
  now: string,
): Promise<TRoom> {
  const row = await db
    .insertInto('rooms')
    .values({ name: input.name, zoomLink: input.zoomLink, isFixed: 0, createdBy, createdAt: now, updatedAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRoom(row);
}

export async function updateRoom(
  db: Kysely<DB>,
  id: number,
  changes: TUpdateRoomRequest,
  now: string,
): Promise<TRoom | undefined> {
  const row = await db
    .updateTable('rooms')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.zoomLink !== undefined ? { zoomLink: changes.zoomLink } : {}),
      updatedAt: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toRoom(row) : undefined;
}

/** Deletes a created room; the fixed rooms are never deleted (checked here too, not only in the service). */
export async function deleteCreatedRoom(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('rooms').where('id', '=', id).where('isFixed', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
