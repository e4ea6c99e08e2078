/**
 * A team's partner chat (issue 40, partners confer): on a side of two or more, its debaters write to one another and
 * nobody else reads it — not the other side, the judges or spectators, live or afterwards. Delivered to each partner's
 * own sockets (`user:<id>`), read from the seats at each send, so a side swap before the round or a replaced partner
 * never leaves a socket hearing the other team (a side room joined at `debate.join` would keep it until it left).
 */
import {
  blockedPairRefusal,
  membersOfSide,
  partnerChannelRefusal,
  REALTIME_ROOMS,
  roundChatClosedRefusal,
  teamSideOf,
  type TPartnerMessage,
  type TSessionUser,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { refuse } from '../../lib/errors';
import { blockedSince, hasBlockWithAny } from '../blocks/blocks.service';
import { storeChatMessage } from '../chat/chat.service';
import * as repo from './partner-chat.repository';
import { db, requireDebate, teamSeatsOfRow } from './round-row';
import { MESSAGE_HISTORY } from './round-chat.service';
import type { TDebateRow } from './debates.tables';

/**
 * The partner chat of `viewerId`'s side, or null when they are not a debater of a side of two or more. What a partner
 * they have since blocked (either way) wrote after the block is left out, as in the round's chat.
 */
export async function listPartnerMessages(
  deps: TDebatesDeps,
  row: TDebateRow,
  viewerId: string | null,
): Promise<TPartnerMessage[] | null> {
  if (!viewerId) return null;
  const side = teamSideOf(viewerId, await teamSeatsOfRow(deps, row));
  if (side === null) return null;
  const rows = await repo.listPartnerMessages(db(deps), row.id, side, MESSAGE_HISTORY);
  const authors = [...new Set(rows.map((r) => r.userId))].filter((id) => id !== viewerId);
  const since = await blockedSince(deps, viewerId, authors);
  return rows
    .filter((r) => {
      const blockedAt = since.get(r.userId);
      return blockedAt === undefined || r.createdAt < blockedAt;
    })
    .map((r) => ({ ...r, id: Number(r.id), debateId: Number(r.debateId) }));
}

/**
 * A debater writes to their own team: refused to anyone who is not a debater of a side of two or more. The chats' one
 * send path (`storeChatMessage`) holds the round chat's guarantees here too: the text filter, a banned or muted author
 * refused, at most CHAT_RATE_LIMIT (its own allowance, counted in the database in one locked step with the insert),
 * and a retried `clientId` stored once. Open while the round is (as the round's chat), and never between people with
 * a block either way.
 */
export async function postPartnerMessage(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  input: { text: string; clientId?: string | undefined },
): Promise<TPartnerMessage> {
  const row = await requireDebate(deps, debateId);
  const seats = await teamSeatsOfRow(deps, row);
  refuse(partnerChannelRefusal(user, seats, 'partner_chat'));
  const side = teamSideOf(user.id, seats)!;
  const partners = membersOfSide(side, seats);
  const others = partners.filter((id) => id !== user.id);
  const { message: stored } = await storeChatMessage(deps, user.id, input.clientId, {
    name: 'debate.send_partner_message',
    findRetry: repo.findPartnerMessageByClientId,
    countSince: repo.countRecentPartnerMessages,
    text: input.text,
    filterWhere: (message) => ({ surface: 'partner_chat', debateId, messageId: Number(message.id) }),
    admit: async (trx) => {
      refuse(roundChatClosedRefusal(row.status));
      refuse(blockedPairRefusal('round_chat', await hasBlockWithAny(deps, user.id, others, trx)));
    },
    insert: async (trx, _author, atIso) => {
      const values = { debateId, side, userId: user.id, text: input.text, createdAt: atIso };
      const id = await repo.insertPartnerMessage(trx, { ...values, clientId: input.clientId ?? null });
      return { id, side, text: values.text, createdAt: values.createdAt };
    },
  });
  const message: TPartnerMessage = {
    id: stored.id,
    debateId,
    side: stored.side,
    userId: user.id,
    displayName: user.displayName,
    text: stored.text,
    createdAt: stored.createdAt,
  };
  // A retry is announced again (the instance that stored it may have died first); clients merge by id. Only the
  // stored message's side hears it, read from the seats now.
  for (const partnerId of membersOfSide(stored.side, seats)) {
    deps.events.emit({
      name: 'debate.partner_message_created',
      room: REALTIME_ROOMS.user(partnerId),
      payload: { message },
    });
  }
  return message;
}

/** The user's own partner chat messages, for "Download my data". */
export async function partnerMessagesOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  return repo.listPartnerMessagesOfUser(db(deps), userId);
}
