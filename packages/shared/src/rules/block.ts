/** Blocking someone, and the doors a block between two people closes. */
import type { TRefusal } from '../errors.js';
import { refusalOf, type TBlockDoor } from './refusals.js';

/**
 * Blocking someone: a signed-in user blocks another account (the service has found it), not themselves, within
 * `BLOCKS_MAX`.
 */
export function blockRefusal(
  actor: { id: string },
  target: { id: string },
  blockCount: { current: number; max: number; isAlreadyBlocked: boolean },
): TRefusal | null {
  if (target.id === actor.id) return refusalOf('block_self');
  if (!blockCount.isAlreadyBlocked && blockCount.current >= blockCount.max) {
    return refusalOf('blocks_full', blockCount.max);
  }
  return null;
}

/** A door that a block between the two people involved closes (`isBlocked`: the server read a block), or null. */
export function blockedPairRefusal(door: TBlockDoor, isBlocked: boolean): TRefusal | null {
  return isBlocked ? refusalOf('blocked', door) : null;
}

/** A coach's pairing of two members one of whom blocked the other: a clear conflict naming them. */
export function blockedPairingRefusal(names: [string, string] | null): TRefusal | null {
  return names ? refusalOf('blocked', names) : null;
}
