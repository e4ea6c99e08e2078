/** The in-round chat: its history as each reader may see it, and the send of its debaters and judge. */
import {
  blockedPairRefusal,
  REALTIME_ROOMS,
  roundChatClosedRefusal,
  roundChatRefusal,
  debatersOf,
  judgesOf,
  type TDebateMessage,
  type TSessionUser,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { refuse } from '../../lib/errors';
import { blockedSince, hasBlockWithAny } from '../blocks/blocks.service';
import { storeChatMessage } from '../chat/chat.service';
import * as repo from './round-chat.repository';
import { db, requireDebate, roundSeatsOf } from './round-row';

export const MESSAGE_HISTORY = 200;

/**
 * The round's chat as `viewerId` reads it: what someone they have a block with (either way) wrote after the block is
 * left out. The send refuses such a message; this holds for one that raced the block.
 */
export async function listMessages(
  deps: TDebatesDeps,
  debateId: number,
  viewerId: string | null,
): Promise<TDebateMessage[]> {
  const rows = await repo.listMessages(db(deps), debateId, MESSAGE_HISTORY);
  const authors = [...new Set(rows.map((r) => r.userId))].filter((id) => id !== viewerId);
  const since = viewerId ? await blockedSince(deps, viewerId, authors) : new Map<string, string>();
  return rows
    .filter((r) => {
      const blockedAt = since.get(r.userId);
      return blockedAt === undefined || r.createdAt < blockedAt;
    })
    .map((r) => ({ ...r, id: Number(r.id), debateId: Number(r.debateId) }));
}

/**
 * Debaters and the judge (every judge of a panel) write in the in-round chat; everyone signed in can read it. It goes through the chats' one
 * send path (`storeChatMessage` in the chat service), so the community chat's guarantees hold here from the same code:
 * a banned author is refused, at most CHAT_RATE_LIMIT per user (counted in the database, one step with the insert, so
 * instances and simultaneous sends cannot exceed it), and a retried `clientId` stores nothing twice (it is announced
 * again).
 */
export async function postMessage(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  input: { text: string; clientId?: string | undefined },
): Promise<TDebateMessage> {
  const row = await requireDebate(deps, debateId);
  const seats = await roundSeatsOf(deps, row);
  refuse(roundChatRefusal(user, seats));
  const others = [...debatersOf(seats), ...judgesOf(seats)].filter((id) => id !== user.id);
  const { message: stored } = await storeChatMessage(deps, user.id, input.clientId, {
    name: 'debate.send_message',
    findRetry: repo.findMessageByClientId,
    countSince: repo.countRecentMessages,
    text: input.text,
    filterWhere: (message) => ({ surface: 'round_chat', debateId, messageId: Number(message.id) }),
    // Nobody writes into a round that is over, nor into one they share with someone they have a block with, either
    // way (read in the send's locked step, so a block committed before it is seen; a retry of a message stored
    // before either still finds it, since the retry check comes first).
    admit: async (trx) => {
      refuse(roundChatClosedRefusal(row.status));
      refuse(blockedPairRefusal('round_chat', await hasBlockWithAny(deps, user.id, others, trx)));
    },
    insert: async (trx, _author, atIso) => {
      const values = { debateId, userId: user.id, text: input.text, createdAt: atIso };
      const id = await repo.insertMessage(trx, { ...values, clientId: input.clientId ?? null });
      return { id, text: values.text, createdAt: values.createdAt };
    },
  });
  const message: TDebateMessage = {
    id: stored.id,
    debateId,
    userId: user.id,
    displayName: user.displayName,
    text: stored.text,
    createdAt: stored.createdAt,
  };
  // A retry is announced again: the instance that stored it may have died before announcing it (clients merge by id).
  deps.events.emit({
    name: 'debate.message_created',
    room: REALTIME_ROOMS.debate(String(debateId)),
    payload: { message },
  });
  return message;
}

/** The user's own round chat messages, for "Download my data". */
export async function roundMessagesOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  return repo.listRoundMessagesOfUser(db(deps), userId);
}
