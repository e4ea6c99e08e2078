/**
 * The debate part of the Socket.IO protocol (merged into the event maps in `realtime.ts`): what a client joining a
 * round receives, its presence, and the events of both directions. Their payload schemas are in `protocol.ts`.
 */
import type { z } from 'zod';
import type { TAck } from '../realtime.js';
import type { TEvidence } from './evidence.js';
import type { TPartnerMessage, TTeamFlowChange } from './partners.js';
import type { TPoi } from './poi.js';
import type { TDebaterSeat } from './seating.js';
import type { TSfuGrant } from './sfu.js';
import type {
  TClockAction,
  TClockCommand,
  TClockReply,
  TDebate,
  TDebateMessage,
  TDebateParticipant,
  TDebateRef,
  TJoinDebate,
  TRtcSignal,
  TSendDebateMessage,
  ZDebateSignal,
} from './protocol.js';

export interface TDebatePresence {
  debateId: number;
  /** Signed-in watchers who are neither debater nor judge. */
  spectators: TDebateParticipant[];
  /** Debaters and judge currently connected to the room. */
  presentUserIds: string[];
}

export interface TDebateJoined {
  debate: TDebate;
  messages: TDebateMessage[];
  presence: TDebatePresence;
  /**
   * ICE servers for WebRTC: the static ones (ICE_SERVERS) and, for the round's debaters and judge only, a TURN entry
   * with credentials of their own that expire (TURN_URLS, TURN_TTL_SECONDS).
   */
  iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  /** `relay`: media goes only through TURN (ICE_TRANSPORT_POLICY); `all`: directly when it can. */
  iceTransportPolicy: 'all' | 'relay';
  /**
   * When the round's media goes through the media server (JANUS_URL): this browser's grant to publish (a debater or
   * the judge) or to view (a spectator who may watch). Absent without a media server, or for someone who may not.
   */
  sfu?: TSfuGrant;
  serverTime: number;
  /**
   * Every debater's seat (side and position), so the call knows whose audio a prep huddle keeps to a team. Sides are
   * not private: the room names every debater's side.
   */
  debaterSeats?: TDebaterSeat[];
  /** The viewer's team's partner chat (oldest first), only to a debater of a side of two or more. */
  partnerMessages?: TPartnerMessage[];
}

export interface TDebateServerToClientEvents {
  /** To `user:<id>`: the queue found an opponent (or a challenge was accepted). */
  'debate.matched': (payload: { debateId: number }) => void;
  /**
   * To `user:<id>` of a debater queued with a partner (issue 40): the partner left the queue (or lost their place),
   * which takes the team out; joined it naming the user; or accepted the user's partner link (`linked`).
   */
  'queue.partner_changed': (payload: { partnerId: string; change: 'left' | 'joined' | 'linked' }) => void;
  /** To `debate:<id>`: the clock changed; clients render from `clock` and their server-time offset. */
  'debate.clock_changed': (payload: { debateId: number } & TClockReply) => void;
  /** To `debate:<id>`: anything else about the debate changed (judge, end, ballot, link). */
  'debate.updated': (payload: { debate: TDebate }) => void;
  'debate.message_created': (payload: { message: TDebateMessage }) => void;
  /** To `user:<id>` of each debater of the message's side (its partners), never to the room. */
  'debate.partner_message_created': (payload: { message: TPartnerMessage }) => void;
  /** To `user:<id>` of each debater of the side: a partner saved cells of the team flow. */
  'debate.team_flow_changed': (payload: TTeamFlowChange) => void;
  'debate.presence_changed': (payload: TDebatePresence) => void;
  /** To the round's debaters and judge (`user:<id>`), or to `debate:<id>` when spectators may see evidence. */
  'debate.evidence_added': (payload: { debateId: number; evidence: TEvidence }) => void;
  /** To the round's debaters and judge (`user:<id>`): a debater deleted the round's recordings. */
  'debate.recordings_deleted': (payload: { debateId: number }) => void;
  /** To `debate:<id>`: a point was offered, accepted, declined or raised. */
  'debate.poi_changed': (payload: { poi: TPoi }) => void;
  /**
   * To the other sockets in the round of a debater or judge who opened it in another window (`debate.join`): the
   * call is there now; this window shows so, and can take it back.
   */
  'debate.opened_elsewhere': (payload: { debateId: number }) => void;
  /**
   * To the sockets of a spectator whom a debater or the judge just blocked: they no longer watch the round (the server
   * has taken them out of its room; the client leaves it, closing its audio and video).
   */
  'debate.watch_ended': (payload: { debateId: number }) => void;
  /** To `user:<id>` of the addressed peer, or to `debate:<id>` for a hello to everyone in the round. */
  'debate.signal_received': (payload: { debateId: number; fromUserId: string; signal: TRtcSignal }) => void;
}

/** Clock commands: `debate.start_speech`, `debate.end_speech`, `debate.start_prep`, `debate.end_prep`, `debate.pause`, `debate.resume`. */
export type TDebateClockEvents = {
  [K in TClockAction as `debate.${K}`]: (payload: TClockCommand, ack: (reply: TAck<TClockReply>) => void) => void;
};

export interface TDebateClientToServerEvents extends TDebateClockEvents {
  'debate.join': (payload: TJoinDebate, ack: (reply: TAck<TDebateJoined>) => void) => void;
  'debate.leave': (payload: TDebateRef) => void;
  'debate.send_message': (payload: TSendDebateMessage, ack: (reply: TAck<{ message: TDebateMessage }>) => void) => void;
  /** A message to the sender's own team (a side of two or more): its partners only. Payload: ZSendDebateMessage. */
  'debate.send_partner_message': (
    payload: TSendDebateMessage,
    ack: (reply: TAck<{ message: TPartnerMessage }>) => void,
  ) => void;
  'debate.offer_poi': (
    payload: { debateId: number; kind: 'poi' | 'order' },
    ack: (reply: TAck<{ poi: TPoi }>) => void,
  ) => void;
  'debate.answer_poi': (
    payload: { debateId: number; poiId: number; accept: boolean },
    ack: (reply: TAck<{ poi: TPoi }>) => void,
  ) => void;
  'debate.signal': (payload: z.input<typeof ZDebateSignal>, ack: (reply: TAck) => void) => void;
}
