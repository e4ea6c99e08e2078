/** Who may moderate, and on whom a moderator or an admin may act. */
import type { TRole } from '../auth.js';
import type { TRefusal } from '../errors.js';
import { isStaff, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';

/** The moderation queue, its cases and actions: moderators and admins. */
export function canModerate(actor: TActor): boolean {
  return isStaff(actor);
}

/**
 * Acting on a user: moderators act on users only, admins on anyone but themselves; no one acts on their own
 * account.
 */
export function moderationTargetRefusal(actor: TActor, target: { id: string; role: TRole }): TRefusal | null {
  if (!canModerate(actor) || !actor) return refusalOf('cannot_moderate_staff', 'not_staff');
  if (actor.id === target.id) return refusalOf('cannot_moderate_staff', 'own_account');
  if (actor.role === 'moderator' && target.role !== 'user') return refusalOf('cannot_moderate_staff', 'staff_target');
  return null;
}
