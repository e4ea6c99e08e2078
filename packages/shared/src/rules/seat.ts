/**
 * The one rule for "may this person be seated in a round now", read by every path that seats someone: the queue sweep
 * (both sides of each pair, when it pairs them), accepting a challenge (the challenger and the accepter), the judge's
 * seat, a coach's pairing (each debater and the judge) and the opening of a round paired for later.
 */
import type { TRefusal } from '../errors.js';
import { refusalOf } from './refusals.js';
import { isBanActive, suspensionRefusal, type TBanState, type TRestricted } from './restriction.js';

/** What the rule reads of a person: their ban (as stored) and their suspension. */
export interface TSeatState extends TBanState, TRestricted {}

/** Why this person may not be seated now (said to them), or null: not while banned, nor while a suspension holds. */
export function seatRefusal(person: TSeatState, nowMs = Date.now()): TRefusal | null {
  if (isBanActive(person, nowMs)) return refusalOf('account_banned');
  return suspensionRefusal(person, nowMs);
}

/**
 * The same rule said to someone else (the other debater, a coach): neutral words that never say why, naming the person
 * when the reader chose them (a coach's pairing).
 */
export function seatUnavailableRefusal(name: string | null): TRefusal {
  return refusalOf('seat_unavailable', name);
}
