/**
 * Community chat: the message shape on the wire, the socket payloads (validated with zod on arrival) and the
 * chat's limits. The event names live in the protocol maps of `realtime.ts`.
 */
import { z } from 'zod';
import { zText } from './text.js';
import { ZRole } from './auth.js';
import { DB_INT_MAX, LIMITS } from './constants.js';

/** How many messages a page of history holds (the first load shows the newest page). */
export const CHAT_PAGE_SIZE = 50;
/** How many missed messages one catch-up reply carries at most; the client asks again while `hasMore`. */
export const CHAT_CATCH_UP_LIMIT = 200;
/**
 * How many ids before its newest message a reconnecting client catches up from. On PostgreSQL two messages stored at
 * the same moment by different people take their ids in one order and may commit (and so be announced) in the other:
 * a client can hold the higher id and have missed the lower one while offline. Asking again for the few ids before
 * the newest costs a few repeated messages, which merging by id drops.
 */
export const CHAT_RESYNC_OVERLAP = 20;

/** The `afterId` a client holding messages up to `newestId` catches up from (none: the newest page). */
export function chatResyncCursor(newestId: number | undefined): number | undefined {
  return newestId === undefined ? undefined : Math.max(0, newestId - CHAT_RESYNC_OVERLAP);
}
/** Per-user rate limit: at most `messages` in any `windowMs`. Counted from the database, so on every instance. */
export const CHAT_RATE_LIMIT = { messages: 5, windowMs: 5000 } as const;
export const CHAT_RATE_LIMIT_MESSAGE = "You're sending messages too fast. Wait a moment.";
/** The remaining-characters counter appears from this length on. */
export const CHAT_COUNTER_FROM = 800;
/** What a message by an admin is signed with, and by someone without a display name (spec §3). */
export const CHAT_ADMIN_NAME = 'Admin';
export const CHAT_ANONYMOUS_NAME = 'Anonymous';

/**
 * A stored message as clients receive it. `id` grows with every message and is the cursor for history
 * (`beforeId`) and catch-up (`afterId`). The author's e-mail is stored with the message (spec §3) but not sent
 * to other people's browsers; `userId` is what "You" is decided by.
 */
export const ZChatMessage = z.object({
  id: z.number().int().positive(),
  clientId: z.string(),
  userId: z.string(),
  text: z.string(),
  displayName: z.string(),
  role: ZRole,
  /** Server time, ISO-8601. */
  timestamp: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

const ZCursor = z.coerce.number().int().min(0).max(DB_INT_MAX);

/** `message.send`. `clientId` is made by the sender once per message: a retry with it never stores twice. */
export const ZSendMessage = z.object({
  clientId: z.uuid({ error: 'The message needs a client id (a UUID).' }),
  text: zText('multiline', {
    label: 'A message',
    min: LIMITS.chatMessage.min,
    max: LIMITS.chatMessage.max,
    required: 'Type a message first.',
    tooLong: `A message can be at most ${LIMITS.chatMessage.max} characters.`,
  }),
});
export type TSendMessage = z.infer<typeof ZSendMessage>;

/** `message.delete`. */
export const ZDeleteMessage = z.object({ id: z.number().int().positive().max(DB_INT_MAX) });
export type TDeleteMessage = z.infer<typeof ZDeleteMessage>;

/**
 * `chat.join`: enter the live room and catch up. Without `afterId` the reply is the newest page; with it, the
 * messages stored after that id (oldest first, at most CHAT_CATCH_UP_LIMIT). `deletedSince` (a `serverTime`
 * from an earlier reply) asks which messages were deleted since then.
 */
export const ZJoinChat = z.object({
  afterId: ZCursor.optional(),
  deletedSince: z.iso.datetime().optional(),
});
export type TJoinChat = z.infer<typeof ZJoinChat>;

export interface TChatJoined {
  messages: TChatMessage[];
  /** More messages exist past this reply: after the last one (catch-up) or before the first (newest page). */
  hasMore: boolean;
  deletedIds: number[];
  /** Server time of this reply, to pass back as `deletedSince` next time. */
  serverTime: string;
  presence: number;
  /** Whether only established accounts may post now: the chat shows its banner on arrival. */
  lock: TChatLock;
}

/** `GET /api/chat/messages?beforeId=…` (older history) or `?afterId=…` (what was missed). */
export const ZListMessagesQuery = z.object({
  beforeId: ZCursor.optional(),
  afterId: ZCursor.optional(),
});
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;

export interface TListMessagesResponse {
  /** Oldest first. */
  messages: TChatMessage[];
  hasMore: boolean;
}

/** Who may delete a message: its author, moderators and admins. */
export function canDeleteMessage(actor: { id: string; role: string } | null, message: { userId: string }): boolean {
  if (!actor) return false;
  return actor.id === message.userId || actor.role === 'moderator' || actor.role === 'admin';
}

/** The name a message is signed with (spec §3): "Admin" for admins, else the display name, else "Anonymous". */
export function chatDisplayName(user: { role: string; displayName: string | null | undefined }): string {
  if (user.role === 'admin') return CHAT_ADMIN_NAME;
  const name = user.displayName?.trim();
  return name ? name : CHAT_ANONYMOUS_NAME;
}

// ---- Slow-down and lock ----

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Community chat limits by account age: on top of CHAT_RATE_LIMIT (which holds for everyone), an account younger than
 * `underAgeMs` stores at most `messages` per `windowMs`. Youngest first; an account a day old or more has the spec's
 * limit alone. Moderators and admins are not held to these. Counted from the database, so on every instance.
 */
export const CHAT_NEW_ACCOUNT_LIMITS = [
  { underAgeMs: HOUR_MS, messages: 6, windowMs: MINUTE_MS },
  { underAgeMs: DAY_MS, messages: 15, windowMs: MINUTE_MS },
] as const;

export type TChatSendLimit = { messages: number; windowMs: number };

/** The account-age limit for an account `accountAgeMs` old, or null when only CHAT_RATE_LIMIT applies. */
export function newAccountChatLimit(accountAgeMs: number): TChatSendLimit | null {
  const tier = CHAT_NEW_ACCOUNT_LIMITS.find((t) => accountAgeMs < t.underAgeMs);
  return tier ? { messages: tier.messages, windowMs: tier.windowMs } : null;
}

/** "Established" for the chat lock: an account at least this old… */
export const ESTABLISHED_ACCOUNT_AGE_MS = DAY_MS;

/** …that has debated at least one round to its end (see `isEstablishedAccount`). */
export function isEstablishedAccount(account: { accountAgeMs: number; hasCompletedRound: boolean }): boolean {
  return account.accountAgeMs >= ESTABLISHED_ACCOUNT_AGE_MS && account.hasCompletedRound;
}

/**
 * The admin's switch "only established accounts may post" and when it last changed. Sent with `chat.join`'s reply
 * and, when it changes, as `chat.lock_changed` to the chat room.
 */
export interface TChatLock {
  isLocked: boolean;
  changedAt: string | null;
}

/** The banner everyone in the community chat sees while the switch is on. */
export const CHAT_LOCK_BANNER =
  'Only established accounts can post in the chat right now: accounts older than 24 hours that have completed a round.';

/** `PUT /api/chat/lock` (admins). */
export const ZChatLockRequest = z.object({
  isLocked: z.boolean({ error: 'Say whether the chat is locked (true or false).' }),
});
export type TChatLockRequest = z.infer<typeof ZChatLockRequest>;
