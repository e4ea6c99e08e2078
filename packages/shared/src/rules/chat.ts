/** Who may post in a chat (the community chat, a round's chat): bans, the community chat's lock and its slow-down. */
import type { TRole } from '../auth.js';
import type { TRefusal } from '../errors.js';
import { refusalOf } from './refusals.js';
import { isBanActive, type TBanState } from './restriction.js';

/** Posting in any chat (the community chat, a round's chat): anyone whose account is not banned. */
export function chatPostRefusal(author: TBanState, nowMs = Date.now()): TRefusal | null {
  return isBanActive(author, nowMs) ? refusalOf('account_banned') : null;
}

/**
 * Posting in the community chat while an admin lets only established accounts post: moderators, admins and
 * established accounts (`isEstablishedAccount`: older than 24 hours, a completed round) may; others are told why.
 * They can still read.
 */
export function chatLockRefusal(
  author: { role: TRole | string; isEstablished: boolean },
  isLocked: boolean,
): TRefusal | null {
  if (!isLocked || author.role === 'moderator' || author.role === 'admin' || author.isEstablished) return null;
  return refusalOf('chat_locked');
}

/**
 * A new account's community chat limit (`newAccountChatLimit`) reached: refused (429) saying when it may post again,
 * `retryAtMs` (when the oldest message of the window leaves it).
 */
export function chatSlowModeRefusal(
  limit: { messages: number; windowMs: number },
  retryAtMs: number,
  nowMs = Date.now(),
): TRefusal {
  const seconds = Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000));
  const perMinute = Math.round((limit.messages * 60_000) / limit.windowMs);
  return refusalOf('chat_slow_mode', perMinute, seconds);
}
