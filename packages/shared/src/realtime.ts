/**
 * The Socket.IO protocol: event maps for both directions. Payloads arriving at the server are validated
 * with the zod schemas named beside each event; writes are acknowledged with `TAck`.
 * Event names follow `<resource>.<past_verb>` for server → client and `<resource>.<verb>` for requests.
 */
import type { TChatJoined, TChatLock, TChatMessage, TDeleteMessage, TJoinChat, TSendMessage } from './chat.js';
import type { TDebateClientToServerEvents, TDebateServerToClientEvents } from './debate/socket-events.js';
import type { TSfuClientToServerEvents, TSfuServerToClientEvents } from './debate/sfu.js';
import type { TRoom, TTopic } from './schemas.js';
import type { TErrorDetail } from './errors.js';
import type { TTeamRound } from './teams.js';
import type { TTournamentRoundReleased } from './tournament-schemas.js';
import type { TTournamentEntrantsLeftOut, TTournamentReleaseDelayed } from './tournament-schedule-schemas.js';

/** Every acknowledgement: ok with data, or an error with the same code/message shape as the HTTP API. */
export type TAck<T = undefined> = { ok: true; data: T } | { ok: false; error: TErrorDetail };

/** Socket.IO rooms the server delivers domain events to. */
/**
 * The socket protocol's version, sent by the client in the handshake (`auth.protocolVersion`). Bump it whenever an
 * event is renamed or a payload changes shape (as `message.created` → `messages.created` did): a tab left open across
 * a deploy is then refused with `client_too_old` and offered a reload, instead of talking past the server.
 * 3: `debate.signal` addresses one peer (`toUserId`): the round's media became a mesh of debaters, judge, spectators.
 * 4: `sfu.*` events and `debate.join`'s `sfu` grant: spectators watch through the media server when there is one.
 * (tldraw's TLSYNC_PROTOCOL_VERSION and its clientTooOld/serverTooOld reasons are the model.)
 */
export const PROTOCOL_VERSION = 4;

export type TProtocolRefusal = 'client_too_old' | 'server_too_old';

/** Why a client speaking `clientVersion` cannot talk to this server, or null when it can. */
export function protocolRefusal(
  clientVersion: unknown,
  serverVersion: number = PROTOCOL_VERSION,
): TProtocolRefusal | null {
  if (typeof clientVersion !== 'number' || !Number.isInteger(clientVersion) || clientVersion < serverVersion) {
    return 'client_too_old';
  }
  return clientVersion > serverVersion ? 'server_too_old' : null;
}

export const REALTIME_ROOMS = {
  public: 'public',
  chat: 'chat:community',
  user: (userId: string) => `user:${userId}`,
  debate: (debateId: string) => `debate:${debateId}`,
  /**
   * The community-chat sockets of those who blocked `userId`: joined only while in the chat, so a chat message of
   * `userId` goes to `chat` except this room (blocks).
   */
  chatHiding: (userId: string) => `chat:hiding:${userId}`,
} as const;

/** Why the server closed a connection's session: the client says so and continues signed out. */
export type TSessionClosedReason = 'signed_out' | 'banned' | 'account_deleted';

export interface TServerToClientEvents extends TDebateServerToClientEvents, TSfuServerToClientEvents {
  /** Sent just before the server closes this connection because its session ended (then it reconnects signed out). */
  'session.closed': (payload: { reason: TSessionClosedReason }) => void;
  /** The current topic changed (a new topic, or a past one made current again). Public room. */
  'topic.updated': (payload: { topic: TTopic }) => void;
  /** Meeting rooms, to the public room so that /rooms is live for everyone. */
  'room.created': (payload: { room: TRoom }) => void;
  'room.updated': (payload: { room: TRoom }) => void;
  'room.deleted': (payload: { roomId: number }) => void;
  /**
   * Community chat, to REALTIME_ROOMS.chat: messages were stored (oldest first; the messages stored within a
   * few milliseconds share one packet) / a message was deleted; how many people are in the chat.
   */
  'messages.created': (payload: { messages: TChatMessage[] }) => void;
  'message.deleted': (payload: { id: number }) => void;
  'chat.presence_changed': (payload: { count: number }) => void;
  /** Community chat, to REALTIME_ROOMS.chat: an admin turned "only established accounts may post" on or off. */
  'chat.lock_changed': (payload: TChatLock) => void;
  /** To `user:<id>` of each member: the team's roster, details or rounds changed (refetch it). */
  'team.changed': (payload: { teamId: number }) => void;
  /** To `user:<id>` of each of the team's coaches: someone asked to join and waits for approval. */
  'team.join_requested': (payload: { teamId: number; teamName: string; userId: string; displayName: string }) => void;
  /** To `user:<id>` of each debater and judge: a coach paired a practice round for them; it is open now. */
  'team.round_opened': (payload: { round: TTeamRound; role: 'debater' | 'judge' }) => void;
  /**
   * To `user:<id>` of a round's debaters and judge: the live round ended early because one of them blocked another
   * (said to each alike, naming nobody). The round itself goes to its room as `debate.updated`.
   */
  'debate.ended_early': (payload: { debateId: number }) => void;
  /**
   * To `user:<id>` of each entrant of a tournament: a round's draw was released, with their debate (or their bye).
   * Sent once per release, after the draw is stored.
   */
  'tournament.round_released': (payload: TTournamentRoundReleased) => void;
  /** To `user:<id>` of the host, co-hosts and entrants: the tournament's entrants, hosts or rounds changed. */
  'tournament.changed': (payload: { tournamentId: number }) => void;
  /** To `user:<id>` of the host and co-hosts: a round's automatic release was refused (why), and is tried again. */
  'tournament.release_delayed': (payload: TTournamentReleaseDelayed) => void;
  /**
   * To `user:<id>` of the host and co-hosts: entrants who cannot take part in rounds right now were left out of a
   * preliminary round's draw (released without them).
   */
  'tournament.entrants_left_out': (payload: TTournamentEntrantsLeftOut) => void;
  /** To `user:<id>` of the blocker: they blocked or unblocked `userId` (another tab's block list and chat update). */
  'block.changed': (payload: { userId: string; isBlocked: boolean }) => void;
  /** To `user:<id>`: a moderation notice for this user; the header's notices refetch. */
  'notice.created': (payload: { id: number }) => void;
}

export interface TClientToServerEvents extends TDebateClientToServerEvents, TSfuClientToServerEvents {
  /** Clock sync: the client measures round trip and offset from the server's time. */
  ping: (ack: (reply: TAck<{ serverTime: number }>) => void) => void;
  /** Community chat (signed-in only). Payloads: ZJoinChat, ZSendMessage, ZDeleteMessage in chat.ts. */
  'chat.join': (payload: TJoinChat, ack: (reply: TAck<TChatJoined>) => void) => void;
  'chat.leave': () => void;
  /** Acknowledged only after the message is stored; the ack carries the stored message. */
  'message.send': (payload: TSendMessage, ack: (reply: TAck<{ message: TChatMessage }>) => void) => void;
  'message.delete': (payload: TDeleteMessage, ack: (reply: TAck<{ id: number }>) => void) => void;
}
