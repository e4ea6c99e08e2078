import type { Kysely, Selectable } from 'kysely';
import type { TRoom } from '@resolved/shared';
import type { DB, RoomsTable } from '../../db/schema';

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

export async function listRooms(db: Kysely<DB>): Promise<TRoom[]> {
  const rows = await db.selectFrom('rooms').selectAll().orderBy('id', 'asc').execute();
  return rows.map(toRoom);
}
