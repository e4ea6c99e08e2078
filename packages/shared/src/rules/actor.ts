/**
 * Who someone is to the rules of this folder: a visitor or a signed-in user with a role, staff or not, a debater of a
 * round or not. The rules' shared vocabulary; the package exports only `TActor` from it.
 */
import type { TRole } from '../auth.js';
import type { TRefusal } from '../errors.js';
import { refusalOf, type TNotInRoundDoor } from './refusals.js';
import { debatersOf, type TRoundSeats } from './round.js';

/** The part of the signed-in user these rules look at; `null` is a visitor. */
export type TActor = { id: string; role: TRole } | null;

export const isStaff = (actor: TActor) => actor?.role === 'moderator' || actor?.role === 'admin';

/** Whether `userId` holds a debater's seat of the round: any seat of any side (`debatersOf`). */
export const isDebaterOf = (userId: string, round: TRoundSeats) => debatersOf(round).includes(userId);

/** What only a debater of a live round does (`door`: what was asked, for the words of who may). */
export function liveDebaterRefusal(actor: TActor, round: TRoundSeats, door: TNotInRoundDoor): TRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) return refusalOf('not_in_round', door);
  return round.status === 'live' ? null : refusalOf('round_over');
}
