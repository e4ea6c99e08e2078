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
import type { TTournamentPart } from './tournament-parts.js';
import type {
  TTournamentRoundReleased,
  TTournamentStandings,
  TTournamentWatch,
  TTournamentWatching,
} from './tournament-schemas.js';
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
 * 5: `tournament.changed` goes to the tournament's room (`tournament.watch`), not to each of its people's.
 * 6: `tournament.changed` names the parts that changed; the tab goes to its hosts' and entrants' sockets itself
 *    (`tournament.standings_changed`); `tournament.watch` answers whether it does.
 * 7: a round's snapshot (`TDebate`) seats every debater (`seats`: side and speaker position), and its clock and
 *    points of information go by speaker position.
 * (tldraw's TLSYNC_PROTOCOL_VERSION and its clientTooOld/serverTooOld reasons are the model.)
 */
export const PROTOCOL_VERSION = 7;

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
  /** The sockets of those who have a tournament's pages open and may see it (`tournament.watch`). */
  tournament: (tournamentId: number) => `tournament:${tournamentId}`,
  /**
   * The sockets of a tournament's hosts and entrants (joined with `tournament.watch` once its first round is out): they
   * are sent the tab itself when it changes. Only people who can never lose the whole tab: a host stays one, and an
   * entrant's row is kept from the first round on.
   */
  tournamentTab: (tournamentId: number) => `tournament-tab:${tournamentId}`,
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
  /**
   * To `tournament:<id>` (the sockets that watch it): `parts` of the tournament changed; its pages refetch those. At
   * most one a second per tournament (trailing: the last change always comes, naming every part changed since the
   * last). Also to `user:<id>` of a judged round's debaters and judges, with `rounds` (their own pairing's result).
   */
  'tournament.changed': (payload: { tournamentId: number; parts: TTournamentPart[] }) => void;
  /**
   * To `tournament-tab:<id>` (its hosts' and entrants' sockets): the tab, after it changed, whole (they see all of it);
   * instead of each page reading it. At most one a second per tournament.
   */
  'tournament.standings_changed': (payload: TTournamentStandings) => void;
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
  /**
   * A tournament's page is open: this socket joins `tournament:<id>` if its user may see the tournament (a visitor a
   * published one), and hears `tournament.changed`; a host's or an entrant's socket joins `tournament-tab:<id>` as well
   * once the first round is out (sent again after the tournament's record changed). Payload: ZTournamentWatch.
   * `tournament.unwatch` leaves both.
   */
  'tournament.watch': (payload: TTournamentWatch, ack: (reply: TAck<TTournamentWatching>) => void) => void;
  'tournament.unwatch': (payload: TTournamentWatch) => void;
}
