import {
  ageDoorRefusal,
  muteRefusal,
  chatLockRefusal,
  chatSlowModeRefusal,
  isEstablishedAccount,
  ESTABLISHED_ACCOUNT_AGE_MS,
  newAccountChatLimit,
  CHAT_CATCH_UP_LIMIT,
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMIT,
  CHAT_RATE_LIMIT_MESSAGE,
  REALTIME_ROOMS,
  ZDeleteMessage,
  ZJoinChat,
  ZListMessagesQuery,
  ZRole,
  ZSendMessage,
  canDeleteMessage,
  chatDisplayName,
  chatPostRefusal,
  type TChatJoined,
  type TChatLock,
  type TChatMessage,
  type TJoinChat,
  type TListMessagesResponse,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TAppContext } from '../../context';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, parseOrThrow, refuse, refusedError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { inTransaction } from '../../db/transaction';
import {
  countRecentMessages,
  findAuthor,
  findChatLock,
  findMessageByClientId,
  findMessageById,
  hasCompletedRoundAsDebater,
  insertMessageOnce,
  listDeletedIdsSince,
  listMessagesAfter,
  listMessagesBefore,
  listRecentMessageTimes,
  softDeleteMessage,
  toChatMessage,
  updateChatLock,
} from './chat.repository';
import { hiddenAuthorsFor } from '../blocks/blocks.service';
import { reportFilterHit, type TFilterWhere } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import * as repo from './chat.repository';

type TChatContext = Pick<TAppContext, 'database' | 'events'>;

/** How many deletions one catch-up reply reports at most. */
const DELETED_IDS_LIMIT = 1000;

const SIGN_IN_MESSAGE = 'Sign in to use the chat.';

function requireSignedIn(user: TSessionUser | null): TSessionUser {
  if (!user) throw new AppError('unauthenticated', SIGN_IN_MESSAGE);
  return user;
}

/** The author of a message as the user record says now. */
export type TChatAuthor = NonNullable<Awaited<ReturnType<typeof findAuthor>>>;

/** Where one chat keeps its messages (the community chat: `messages`; a round's chat: `debateMessages`). */
export interface TChatStore<T> {
  /** Names the chat: its per-user lock, and so its allowance, are its own. */
  name: string;
  /** The message this user already stored with this client id (the first try of a retry), if any. */
  findRetry(db: Kysely<DB>, userId: string, clientId: string): Promise<T | undefined>;
  /** How many messages this user stored in this chat at or after `sinceIso`. */
  countSince(db: Kysely<DB>, userId: string, sinceIso: string): Promise<number>;
  /** What the message says: the text filter reads it before anything is stored. */
  text: string;
  /** Stores the message, written by `author` at `atIso`. */
  insert(db: Kysely<DB>, author: TChatAuthor, atIso: string): Promise<T>;
  /** Where a stored message the text filter flagged is, for its automatic case. */
  filterWhere(message: T): TFilterWhere;
  /**
   * This chat's own rules, in the same locked step after the ban, the mute and the rate limit: throws a refusal, or
   * lets the message through (the community chat: its lock and its account-age limits).
   */
  admit?(db: Kysely<DB>, author: TChatAuthor, now: Date): Promise<void>;
}

/**
 * The one send path of every chat, the community chat and each round's chat. The author is read as the user record
 * says now; then, as one step per user and chat (every instance takes turns, so a burst of simultaneous sends stores
 * exactly the allowance): a retried `clientId` returns the message stored the first time, a banned author is refused
 * (`chatPostRefusal`), a muted one is told until when (`muteRefusal`), at most CHAT_RATE_LIMIT messages are stored per window,
 * the chat's own rules are asked (`admit`), and the message is stored. `isNew` says whether it was stored now.
 * Callers announce a retry's message again: the instance that stored it may have died before announcing it, and
 * clients merge by id, so a second announcement is harmless.
 *
 * The text filter reads every message here, once for both chats: a slur of the critical list is refused before
 * anything is stored (`text_refused`); another match is stored and announced as usual, then filed as an automatic
 * case on its author (`reportFilterHit`, after the lock: it writes in its own transaction).
 */
export async function storeChatMessage<T>(
  deps: TChatContext,
  userId: string,
  clientId: string | undefined,
  store: TChatStore<T>,
): Promise<{ message: T; isNew: boolean }> {
  const { database } = deps;
  const author = await findAuthor(database.db, userId);
  if (!author) throw new AppError('unauthenticated', SIGN_IN_MESSAGE);
  const flagged = screenText({ text: store.text });
  const stored = await withKeyLock(database, `${store.name}:${userId}`, async (trx) => {
    const earlier = clientId === undefined ? undefined : await store.findRetry(trx, userId, clientId);
    if (earlier) return { message: earlier, isNew: false };
    const now = new Date();
    refuse(chatPostRefusal(author, now.getTime()));
    refuse(muteRefusal({ mutedUntil: author.mutedUntil ?? undefined }, now.getTime()));
    const windowStart = new Date(now.getTime() - CHAT_RATE_LIMIT.windowMs).toISOString();
    if ((await store.countSince(trx, userId, windowStart)) >= CHAT_RATE_LIMIT.messages) {
      throw new AppError('rate_limited', CHAT_RATE_LIMIT_MESSAGE);
    }
    await store.admit?.(trx, author, now);
    return { message: await store.insert(trx, author, now.toISOString()), isNew: true };
  });
  if (flagged && stored.isNew) await reportFilterHit(deps, userId, flagged, store.filterWhere(stored.message));
  return stored;
}

const isStaffRole = (role: string) => role === 'moderator' || role === 'admin';

/**
 * The community chat's own rules, read in the send's locked step so that every instance acts on
 * the committed values: while an admin lets only established accounts post, others are refused (`chatLockRefusal`);
 * an account younger than a day posts less often (`newAccountChatLimit`) and is told when it may post again.
 * Moderators and admins are held to neither.
 */
async function admitToCommunityChat(trx: Kysely<DB>, author: TChatAuthor, now: Date): Promise<void> {
  if (isStaffRole(author.role)) return;
  const accountAgeMs = now.getTime() - new Date(author.createdAt).getTime();
  const { isLocked } = await findChatLock(trx);
  if (isLocked) {
    // The round check (one indexed read) only when the age alone does not settle it.
    const isOldEnough = accountAgeMs >= ESTABLISHED_ACCOUNT_AGE_MS;
    const isEstablished = isEstablishedAccount({
      accountAgeMs,
      hasCompletedRound: isOldEnough && (await hasCompletedRoundAsDebater(trx, author.id)),
    });
    refuse(chatLockRefusal({ role: author.role, isEstablished }, isLocked));
  }
  const limit = newAccountChatLimit(accountAgeMs);
  if (!limit) return;
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const times = await listRecentMessageTimes(trx, author.id, since, limit.messages);
  if (times.length < limit.messages) return;
  const retryAtMs = new Date(times[limit.messages - 1]!).getTime() + limit.windowMs;
  const refusal = chatSlowModeRefusal(limit, retryAtMs, now.getTime());
  throw refusedError(refusal, { retryAfterSeconds: Math.max(1, Math.ceil((retryAtMs - now.getTime()) / 1000)) });
}

/** Whether only established accounts may post in the community chat now, and when that last changed. */
export async function getChatLock({ database }: Pick<TChatContext, 'database'>): Promise<TChatLock> {
  return findChatLock(database.db);
}

/**
 * Turns "only established accounts may post" on or off (an admin's switch). Stored, so every instance's next send
 * reads it; `onChanged` runs in the same transaction when the value did change (the admin service logs it there), and
 * after the commit everyone in the chat is told (`chat.lock_changed`, the banner). Setting the value it already has
 * changes, logs and announces nothing.
 */
export async function setChatLock(
  { database, events }: TChatContext,
  input: { isLocked: boolean; changedBy: string },
  onChanged: (trx: Kysely<DB>) => Promise<void>,
): Promise<{ lock: TChatLock; isChanged: boolean }> {
  const result = await inTransaction(database, async (trx) => {
    const isChanged = await updateChatLock(trx, { ...input, changedAt: nowIso() });
    if (isChanged) await onChanged(trx);
    return { lock: await findChatLock(trx), isChanged };
  });
  if (result.isChanged) events.emit({ name: 'chat.lock_changed', room: REALTIME_ROOMS.chat, payload: result.lock });
  return result;
}

/**
 * Stores a message and announces it (`messages.created` to the chat room; the realtime module batches them), through
 * the one send path (`storeChatMessage`): idempotent per (user, clientId), rate-limited, refused to a banned author.
 */
export async function sendMessage(
  { database, events }: TChatContext,
  sessionUser: TSessionUser | null,
  input: unknown,
): Promise<TChatMessage> {
  const user = requireInCommunityChat(sessionUser);
  const { clientId, text } = parseOrThrow(ZSendMessage, input);
  const { message: row } = await storeChatMessage({ database, events }, user.id, clientId, {
    name: 'chat.send',
    findRetry: findMessageByClientId,
    countSince: countRecentMessages,
    text,
    filterWhere: (stored) => ({ surface: 'community_chat', messageId: Number(stored.id) }),
    admit: admitToCommunityChat,
    insert: async (trx, author, atIso) => {
      const role = ZRole.safeParse(author.role).success ? author.role : 'user';
      const stored = await insertMessageOnce(trx, {
        clientId,
        userId: user.id,
        text,
        email: author.email,
        displayName: chatDisplayName({ role, displayName: author.displayName }),
        role,
        timestamp: atIso,
      });
      return stored.row;
    },
  });
  const message = toChatMessage(row);
  // Announced on a retry too (see `storeChatMessage`), unless deleted meanwhile: that would show it again.
  if (row.deletedAt === null) {
    events.emit({ name: 'messages.created', room: REALTIME_ROOMS.chat, payload: { messages: [message] } });
  }
  return message;
}

/** Soft-deletes a message (its author, moderators, admins) and announces `message.deleted`. */
export async function deleteMessage(
  { database, events }: TChatContext,
  sessionUser: TSessionUser | null,
  input: unknown,
): Promise<{ id: number }> {
  const user = requireSignedIn(sessionUser);
  const { id } = parseOrThrow(ZDeleteMessage, input);
  const { db } = database;
  const row = await findMessageById(db, id);
  if (!row || row.deletedAt) throw new AppError('not_found', 'That message no longer exists.');
  // The role as the user record says now, like at send time.
  const author = await findAuthor(db, user.id);
  const actor = { id: user.id, role: author?.role ?? user.role };
  if (!canDeleteMessage(actor, row)) throw new AppError('forbidden', 'You can only delete your own messages.');
  if (await softDeleteMessage(db, id, user.id, nowIso())) {
    events.emit({ name: 'message.deleted', room: REALTIME_ROOMS.chat, payload: { id } });
  }
  return { id };
}

/** Checks a `chat.join` request (signed in, valid cursor) before the socket enters the room. */
/**
 * The community chat's door (reading, joining, sending): signed in, with a month of birth given, and not an account
 * limited to its teams. A round's chat does not pass here: its debaters and judge write in it.
 */
function requireInCommunityChat(sessionUser: TSessionUser | null): TSessionUser {
  const user = requireSignedIn(sessionUser);
  refuse(ageDoorRefusal(user, 'community_chat'));
  return user;
}

export function parseJoin(sessionUser: TSessionUser | null, input: unknown): TJoinChat {
  requireInCommunityChat(sessionUser);
  return parseOrThrow(ZJoinChat, input ?? {});
}

/**
 * What a client entering the chat needs: the newest page, or everything after its last message (bounded; it
 * asks again while `hasMore`), and the deletions since its last sync. Never the messages of `hiddenAuthors` (those the
 * reader blocked).
 */
export async function catchUp(
  { database }: TChatContext,
  { afterId, deletedSince }: TJoinChat,
  hiddenAuthors: readonly string[] = [],
): Promise<Omit<TChatJoined, 'presence'>> {
  const { db } = database;
  // Taken before reading: a deletion during this call shows up again next time rather than never.
  const serverTime = nowIso();
  let messages: TChatMessage[];
  let hasMore: boolean;
  if (afterId === undefined) {
    const rows = await listMessagesBefore(db, undefined, CHAT_PAGE_SIZE + 1, hiddenAuthors);
    hasMore = rows.length > CHAT_PAGE_SIZE;
    messages = rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessage);
  } else {
    const rows = await listMessagesAfter(db, afterId, CHAT_CATCH_UP_LIMIT + 1, hiddenAuthors);
    hasMore = rows.length > CHAT_CATCH_UP_LIMIT;
    messages = rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessage);
  }
  const deletedIds = deletedSince ? await listDeletedIdsSince(db, deletedSince, DELETED_IDS_LIMIT) : [];
  const lock = await findChatLock(db);
  return { messages, hasMore, deletedIds, serverTime, lock };
}

/** `GET /api/chat/messages`: older history (`beforeId`, newest page without it) or what was missed (`afterId`). */
export async function listMessages(
  { database, events }: TChatContext,
  sessionUser: TSessionUser | null,
  query: unknown,
): Promise<TListMessagesResponse> {
  const user = requireInCommunityChat(sessionUser);
  const { beforeId, afterId } = parseOrThrow(ZListMessagesQuery, query);
  if (beforeId !== undefined && afterId !== undefined) {
    throw new AppError('validation_failed', 'Ask for messages before an id or after one, not both.');
  }
  const hidden = await hiddenAuthorsFor({ database, events }, user.id);
  if (afterId !== undefined) {
    const rows = await listMessagesAfter(database.db, afterId, CHAT_CATCH_UP_LIMIT + 1, hidden);
    return {
      messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessage),
      hasMore: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }
  const rows = await listMessagesBefore(database.db, beforeId, CHAT_PAGE_SIZE + 1, hidden);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessage),
    hasMore: rows.length > CHAT_PAGE_SIZE,
  };
}

/** A user's community chat messages go with their account (auth's account deletion). */
/** A deleted account's chat messages (they carry its e-mail): removed with the account. */
export async function deleteMessagesOfUser(db: Kysely<DB>, userId: string): Promise<void> {
  return repo.deleteMessagesOfUser(db, userId);
}

/** The user's own community chat messages (deleted ones too, marked), for "Download my data". */
export async function listMessagesOfUser(db: Kysely<DB>, userId: string) {
  return repo.listMessagesOfUser(db, userId);
}

/**
 * A reported message with up to `around` visible messages before and after it (a moderation report copies them
 * into its case), or null when there is no such message.
 */
export async function messageWithNeighbours({ database }: Pick<TChatContext, 'database'>, id: number, around: number) {
  const { db } = database;
  const row = await findMessageById(db, id);
  if (!row) return null;
  const [before, after] = await Promise.all([listMessagesBefore(db, id, around), listMessagesAfter(db, id, around)]);
  return { message: row, lines: [...before.reverse(), row, ...after] };
}

/** A moderator's deletion of a message: whoever wrote it; announced like any deletion. */
export async function deleteMessageAsModerator(
  { database, events }: TChatContext,
  moderatorId: string,
  id: number,
): Promise<{ userId: string } | null> {
  const row = await findMessageById(database.db, id);
  if (!row) return null;
  if (!row.deletedAt && (await softDeleteMessage(database.db, id, moderatorId, nowIso()))) {
    events.emit({ name: 'message.deleted', room: REALTIME_ROOMS.chat, payload: { id } });
  }
  return { userId: row.userId };
}
