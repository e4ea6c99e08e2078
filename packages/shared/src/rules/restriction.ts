/**
 * What restricts an account, read with the session user at the door: a ban (better-auth's admin plugin), a
 * moderator's mute or suspension, and a matchmaking cooldown for left or missed rounds.
 */
import type { TRefusal } from '../errors.js';
import { timeLeftInWords } from '../playban.js';
import { refusalOf } from './refusals.js';

/** The part of an account the ban rule reads, as stored (better-auth's admin plugin: `banned`, `banExpires`). */
export interface TBanState {
  banned: number | boolean | null;
  banExpires: string | Date | null;
}

/** A ban holds while `banned` is set and its end (if any) has not come, as better-auth's admin plugin reads it. */
export function isBanActive(ban: TBanState, nowMs = Date.now()): boolean {
  return (
    (ban.banned === true || Number(ban.banned) === 1) &&
    (ban.banExpires === null || new Date(ban.banExpires).getTime() > nowMs)
  );
}

/** The restrictions the door reads with the session user (set only while they hold). */
export interface TRestricted {
  mutedUntil?: string | undefined;
  suspendedUntil?: string | undefined;
}

const holds = (until: string | undefined, nowMs: number) => until !== undefined && new Date(until).getTime() > nowMs;

/** The end goes in words in UTC, and as `details.until` for the web to say in the viewer's time (as the chat does). */
const restricted = (reason: 'muted' | 'suspended', until: string): TRefusal => ({
  ...refusalOf(reason, until),
  details: { until },
});

/** Posting in the community chat or a round's chat: refused while a mute holds, saying until when. */
export function muteRefusal(user: TRestricted, nowMs = Date.now()): TRefusal | null {
  return holds(user.mutedUntil, nowMs) ? restricted('muted', user.mutedUntil!) : null;
}

/** Joining the queue, making or taking a challenge, taking a judge's seat: refused while a suspension holds. */
export function suspensionRefusal(user: TRestricted, nowMs = Date.now()): TRefusal | null {
  return holds(user.suspendedUntil, nowMs) ? restricted('suspended', user.suspendedUntil!) : null;
}

/**
 * Joining the queue: refused during a matchmaking cooldown brought by leaving or missing rounds, with the time left
 * in words.
 */
export function playbanRefusal(cooldownUntil: string | null, nowMs = Date.now()): TRefusal | null {
  if (!holds(cooldownUntil ?? undefined, nowMs)) return null;
  return refusalOf('playban', timeLeftInWords(Date.parse(cooldownUntil!) - nowMs));
}
