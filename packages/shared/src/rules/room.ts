/** Who may change the current topic and create, edit or delete the public meeting rooms. */
import type { TRoom } from '../schemas.js';
import { isStaff, type TActor } from './actor.js';

/** Only admins write the current topic or make a past one current again. */
export function canChangeTopic(actor: TActor): boolean {
  return actor?.role === 'admin';
}

/** Anyone signed in may create a room. */
export function canCreateRoom(actor: TActor): boolean {
  return actor !== null;
}

/** Created rooms: their creator, moderators and admins. The six fixed rooms are never deleted. */
export function canDeleteRoom(actor: TActor, room: Pick<TRoom, 'isFixed' | 'createdBy'>): boolean {
  if (!actor || room.isFixed) return false;
  return room.createdBy === actor.id || isStaff(actor);
}

/** The six fixed rooms: admins only. Created rooms: the same people who may delete them. */
export function canEditRoom(actor: TActor, room: Pick<TRoom, 'isFixed' | 'createdBy'>): boolean {
  if (room.isFixed) return actor?.role === 'admin';
  return canDeleteRoom(actor, room);
}

/** Moderators and admins are not held to the per-person room cap. */
export function isRoomCapExempt(actor: TActor): boolean {
  return isStaff(actor);
}
