/** The media server's rooms: the only SQL on `sfuRooms`. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export interface TSfuRoomRow {
  debateId: number;
  janusRoomId: number;
  claimedAt: string;
  readyAt: string | null;
  destroyedAt: string | null;
}

function toRow(row: {
  debateId: number;
  janusRoomId: number | string;
  claimedAt: string;
  readyAt: string | null;
  destroyedAt: string | null;
}): TSfuRoomRow {
  return { ...row, debateId: Number(row.debateId), janusRoomId: Number(row.janusRoomId) };
}

/** Claims the round's room with this Janus id: true for exactly one caller, whichever instance it runs on. */
export async function claimRoom(db: TDb, debateId: number, janusRoomId: number, now: string): Promise<boolean> {
  const result = await db
    .insertInto('sfuRooms')
    .values({ debateId, janusRoomId, claimedAt: now, readyAt: null, destroyedAt: null })
    .onConflict((oc) => oc.column('debateId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findRoom(db: TDb, debateId: number): Promise<TSfuRoomRow | undefined> {
  const row = await db
    .selectFrom('sfuRooms')
    .select(['debateId', 'janusRoomId', 'claimedAt', 'readyAt', 'destroyedAt'])
    .where('debateId', '=', debateId)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Marks the room ready, unless the round's end claimed it meanwhile: false then (its creator destroys it). */
export async function markReady(db: TDb, debateId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sfuRooms')
    .set({ readyAt: now })
    .where('debateId', '=', debateId)
    .where('destroyedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims creating the room again (the media server lost it: a restart) for exactly one caller among those that saw
 * it ready at `readyAt`: the room is no longer ready, and the claim's time starts the others' wait for it.
 */
export async function claimRecreate(db: TDb, debateId: number, readyAt: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sfuRooms')
    .set({ readyAt: null, claimedAt: now })
    .where('debateId', '=', debateId)
    .where('readyAt', '=', readyAt)
    .where('destroyedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Claims the room's destruction: true for exactly one caller, and only while nobody has. */
export async function claimDestroy(db: TDb, debateId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sfuRooms')
    .set({ destroyedAt: now })
    .where('debateId', '=', debateId)
    .where('destroyedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a destruction claim back (Janus could not be reached): the sweep tries again. */
export async function releaseDestroy(db: TDb, debateId: number): Promise<void> {
  await db.updateTable('sfuRooms').set({ destroyedAt: null }).where('debateId', '=', debateId).execute();
}

/** The rooms not destroyed yet, oldest claim first. */
export async function listOpenRooms(db: TDb, limit: number): Promise<TSfuRoomRow[]> {
  const rows = await db
    .selectFrom('sfuRooms')
    .select(['debateId', 'janusRoomId', 'claimedAt', 'readyAt', 'destroyedAt'])
    .where('destroyedAt', 'is', null)
    .orderBy('claimedAt')
    .limit(limit)
    .execute();
  return rows.map(toRow);
}
