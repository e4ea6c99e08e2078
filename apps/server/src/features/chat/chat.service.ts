import {
  muteRefusal,
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
  type TChatJoined,
  type TChatMessage,
  type TJoinChat,
  type TListMessagesResponse,
  type TSessionUser,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { nowIso } from '../../db/database';
import { AppError, parseOrThrow } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import {
  countRecentMessages,
  findAuthor,
  findMessageByClientId,
  findMessageById,
  insertMessageOnce,
  listDeletedIdsSince,
  listMessagesAfter,
  listMessagesBefore,
  softDeleteMessage,
  toChatMessage,
} from './chat.repository';

type TChatContext = Pick<TAppContext, 'database' | 'events'>;

/** How many deletions one catch-up reply reports at most. */
const DELETED_IDS_LIMIT = 1000;

function requireSignedIn(user: TSessionUser | null): TSessionUser {
  if (!user) throw new AppError('unauthenticated', 'Sign in to use the chat.');
  return user;
}

/**
 * Stores a message and announces it (`messages.created` to the chat room; the realtime module batches them). Idempotent per (user, clientId):
 * a retry returns the message stored the first time, without storing or announcing it again.
 */
export async function sendMessage(
  { database, events }: TChatContext,
  sessionUser: TSessionUser | null,
  input: unknown,
): Promise<TChatMessage> {
  const user = requireSignedIn(sessionUser);
  const { clientId, text } = parseOrThrow(ZSendMessage, input);
  const { db } = database;

  const author = await findAuthor(db, user.id);
  if (!author) throw new AppError('unauthenticated', 'Sign in to use the chat.');
  const muted = muteRefusal(user);
  if (muted) throw new AppError(muted.code, muted.message, undefined, muted.reason);

  // The retry check, the count and the insert are one step per user (every instance takes turns), so a burst of
  // simultaneous sends stores exactly the allowance.
  const { row, isNew } = await withKeyLock(database, `chat.send:${user.id}`, async (trx) => {
    const earlier = await findMessageByClientId(trx, user.id, clientId);
    if (earlier) return { row: earlier, isNew: false };
    if (author.banned) throw new AppError('forbidden', 'Your account cannot post in the chat.');
    const now = new Date();
    const windowStart = new Date(now.getTime() - CHAT_RATE_LIMIT.windowMs).toISOString();
    if ((await countRecentMessages(trx, user.id, windowStart)) >= CHAT_RATE_LIMIT.messages) {
      throw new AppError('rate_limited', CHAT_RATE_LIMIT_MESSAGE);
    }
    const role = ZRole.safeParse(author.role).success ? author.role : 'user';
    return insertMessageOnce(trx, {
      clientId,
      userId: user.id,
      text,
      email: author.email,
      displayName: chatDisplayName({ role, displayName: author.displayName }),
      role,
      timestamp: now.toISOString(),
    });
  });
  const message = toChatMessage(row);
  if (isNew) events.emit({ name: 'messages.created', room: REALTIME_ROOMS.chat, payload: { messages: [message] } });
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
export function parseJoin(sessionUser: TSessionUser | null, input: unknown): TJoinChat {
  requireSignedIn(sessionUser);
  return parseOrThrow(ZJoinChat, input ?? {});
}

/**
 * What a client entering the chat needs: the newest page, or everything after its last message (bounded; it
 * asks again while `hasMore`), and the deletions since its last sync.
 */
export async function catchUp(
  { database }: TChatContext,
  { afterId, deletedSince }: TJoinChat,
): Promise<Omit<TChatJoined, 'presence'>> {
  const { db } = database;
  // Taken before reading: a deletion during this call shows up again next time rather than never.
  const serverTime = nowIso();
  let messages: TChatMessage[];
  let hasMore: boolean;
  if (afterId === undefined) {
    const rows = await listMessagesBefore(db, undefined, CHAT_PAGE_SIZE + 1);
    hasMore = rows.length > CHAT_PAGE_SIZE;
    messages = rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessage);
  } else {
    const rows = await listMessagesAfter(db, afterId, CHAT_CATCH_UP_LIMIT + 1);
    hasMore = rows.length > CHAT_CATCH_UP_LIMIT;
    messages = rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessage);
  }
  const deletedIds = deletedSince ? await listDeletedIdsSince(db, deletedSince, DELETED_IDS_LIMIT) : [];
  return { messages, hasMore, deletedIds, serverTime };
}

/** `GET /api/chat/messages`: older history (`beforeId`, newest page without it) or what was missed (`afterId`). */
export async function listMessages(
  { database }: TChatContext,
  sessionUser: TSessionUser | null,
  query: unknown,
): Promise<TListMessagesResponse> {
  requireSignedIn(sessionUser);
  const { beforeId, afterId } = parseOrThrow(ZListMessagesQuery, query);
  if (beforeId !== undefined && afterId !== undefined) {
    throw new AppError('validation_failed', 'Ask for messages before an id or after one, not both.');
  }
  if (afterId !== undefined) {
    const rows = await listMessagesAfter(database.db, afterId, CHAT_CATCH_UP_LIMIT + 1);
    return {
      messages: rows.slice(0, CHAT_CATCH_UP_LIMIT).map(toChatMessage),
      hasMore: rows.length > CHAT_CATCH_UP_LIMIT,
    };
  }
  const rows = await listMessagesBefore(database.db, beforeId, CHAT_PAGE_SIZE + 1);
  return {
    messages: rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toChatMessage),
    hasMore: rows.length > CHAT_PAGE_SIZE,
  };
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

/** A moderator's deletion of a message (issue 23): whoever wrote it; announced like any deletion. */
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
