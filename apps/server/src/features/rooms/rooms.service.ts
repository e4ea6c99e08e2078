import {
  MAX_CREATED_ROOMS_PER_USER,
  REALTIME_ROOMS,
  ZCreateRoomRequest,
  ZUpdateRoomRequest,
  canCreateRoom,
  canDeleteRoom,
  canEditRoom,
  isRoomCapExempt,
  type TActor,
  type TAgeState,
  teamManagedRefusal,
  type TRoom,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { AppError, parseOrThrow, refuse } from '../../lib/errors';
import { nowIso, type TDatabase } from '../../db/database';
import { readCached, type TCachedBody } from '../../lib/read-cache/read-cache';
import {
  countRoomsCreatedBy,
  deleteCreatedRoom,
  findRoom,
  insertRoom,
  listRooms,
  updateRoom,
} from './rooms.repository';

type TRoomsContext = Pick<TAppContext, 'database' | 'events'>;

export async function getRooms(database: TDatabase): Promise<TRoom[]> {
  return listRooms(database.db);
}

/** The rooms as the public `GET /api/rooms` answers them, serialised once per version of the rooms table. */
export function getRoomsAnswer(database: TDatabase): Promise<TCachedBody> {
  return readCached(database, 'rooms', 'all', async () => ({ rooms: await getRooms(database) }));
}

function roomNotFoundError(): AppError {
  return new AppError('not_found', 'That room does not exist (it may have been deleted).');
}

async function getRoomOrThrow(database: TDatabase, id: number): Promise<TRoom> {
  const room = await findRoom(database.db, id);
  if (!room) throw roomNotFoundError();
  return room;
}

/** Anyone signed in creates a room; it is stored with its creator and shown to everyone live. */
export async function createRoom(
  context: TRoomsContext,
  actor: (NonNullable<TActor> & TAgeState) | null,
  input: unknown,
): Promise<TRoom> {
  if (!actor || !canCreateRoom(actor)) throw new AppError('unauthenticated', 'Sign in to create a room.');
  // An account run with its team meets in its coach's rounds, not behind a public meeting link.
  refuse(teamManagedRefusal(actor, 'meetings'));
  const data = parseOrThrow(ZCreateRoomRequest, input);
  const { db } = context.database;
  if (!isRoomCapExempt(actor) && (await countRoomsCreatedBy(db, actor.id)) >= MAX_CREATED_ROOMS_PER_USER) {
    throw new AppError(
      'conflict',
      `You already have ${MAX_CREATED_ROOMS_PER_USER} rooms. Delete one before creating another.`,
    );
  }
  const room = await insertRoom(db, data, actor.id, nowIso());
  context.events.emit({ name: 'room.created', room: REALTIME_ROOMS.public, payload: { room } });
  return room;
}

/** Admins change the fixed rooms' links; a created room's creator, moderators and admins change it. */
export async function changeRoom(context: TRoomsContext, actor: TActor, id: number, input: unknown): Promise<TRoom> {
  if (!actor) throw new AppError('unauthenticated', 'Sign in to change a room.');
  const existing = await getRoomOrThrow(context.database, id);
  if (!canEditRoom(actor, existing)) {
    throw new AppError(
      'forbidden',
      existing.isFixed
        ? 'Only admins can change the fixed rooms.'
        : 'Only the room’s creator, moderators and admins can change it.',
    );
  }
  const changes = parseOrThrow(ZUpdateRoomRequest, input);
  if (existing.isFixed && changes.name !== undefined && changes.name !== existing.name) {
    throw new AppError('validation_failed', `The fixed rooms keep their names; change ${existing.name}’s link only.`);
  }
  const room = await updateRoom(context.database.db, id, changes, nowIso());
  if (!room) throw roomNotFoundError();
  context.events.emit({ name: 'room.updated', room: REALTIME_ROOMS.public, payload: { room } });
  return room;
}

/** The creator, moderators and admins delete a created room. The six fixed rooms cannot be deleted. */
export async function removeRoom(context: TRoomsContext, actor: TActor, id: number): Promise<void> {
  if (!actor) throw new AppError('unauthenticated', 'Sign in to delete a room.');
  const existing = await getRoomOrThrow(context.database, id);
  if (existing.isFixed) {
    throw new AppError('forbidden', 'The six fixed rooms cannot be deleted; an admin can change their links.');
  }
  if (!canDeleteRoom(actor, existing)) {
    throw new AppError('forbidden', 'Only the room’s creator, moderators and admins can delete it.');
  }
  const isDeleted = await deleteCreatedRoom(context.database.db, id);
  if (!isDeleted) throw roomNotFoundError();
  context.events.emit({ name: 'room.deleted', room: REALTIME_ROOMS.public, payload: { roomId: id } });
}
