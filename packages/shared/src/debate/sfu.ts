/**
 * The round's media server (Janus VideoRoom, when JANUS_URL is set): the debaters and the judge each publish their
 * feed once, and spectators receive those feeds from the server instead of from the participants' own uploads.
 *
 * Only the Resolved server talks to Janus. A browser negotiates through these Socket.IO events: the server checks
 * the round's rules (who is seated, blocks, a minor's consent to being watched, the viewer limit), checks the
 * browser's per-round token, and relays the SDP to and from Janus. Offers and answers carry every ICE candidate
 * (gathering finished before sending; `trickle: false` towards Janus), so there is no candidate trickle.
 */
import { z } from 'zod';
import type { TAck } from '../realtime.js';
import { ZDebateId } from './protocol.js';

/** What the SFU lets a token do: a participant publishes their own feed, a spectator views the round's feeds. */
export type TSfuRole = 'publisher' | 'viewer';

/** In `debate.join`'s reply when the round's media goes through the media server (absent otherwise). */
export interface TSfuGrant {
  /** Signed for this round, this person and this role, until `expiresAt`; sent with every `sfu.*` request. */
  token: string;
  role: TSfuRole;
  /** Epoch ms: the browser asks again by rejoining (`debate.join`) before then. */
  expiresAt: number;
  /** How many people may view the round's feeds at once (SPECTATOR_LIMIT). */
  viewerLimit: number;
}

/** Whether `sdp` is shaped as a session description: its first line `v=0`, and at least one media section. */
export function isSdpShaped(sdp: string): boolean {
  return /^v=0\r?\n/.test(sdp) && /\r?\nm=/.test(sdp);
}

/** An offer or answer: bounded and shaped as one (Janus's finer refusals are answered as the client's error too). */
const ZSdp = z
  .string()
  .min(1)
  .max(40_000)
  .refine(isSdpShaped, 'That is not a session description (SDP): it starts with "v=0" and has a media section.');
export const ZSfuToken = z.string().min(1).max(500);

export const ZSfuPublish = z.object({
  debateId: ZDebateId,
  token: ZSfuToken,
  /** The browser's offer, with its candidates (ICE gathering complete). */
  offer: ZSdp,
});
export type TSfuPublish = z.infer<typeof ZSfuPublish>;

export const ZSfuRef = z.object({ debateId: ZDebateId, token: ZSfuToken });
export type TSfuRef = z.infer<typeof ZSfuRef>;

export const ZSfuSubscribe = ZSfuRef.extend({ feedUserId: z.string().min(1).max(100) });
export type TSfuSubscribe = z.infer<typeof ZSfuSubscribe>;

export const ZSfuStart = ZSfuRef.extend({
  subscriptionId: z.string().min(1).max(100),
  /** The browser's answer to the subscription's offer, with its candidates. */
  answer: ZSdp,
});
export type TSfuStart = z.infer<typeof ZSfuStart>;

export const ZSfuLeave = ZSfuRef.extend({ subscriptionId: z.string().min(1).max(100).optional() });
export type TSfuLeave = z.infer<typeof ZSfuLeave>;

/** A participant's feed in the round's room, named by whose it is. */
export interface TSfuFeed {
  userId: string;
  /**
   * Which publication of theirs it is now (opaque): a participant who publishes again (a new connection after theirs
   * broke, a reconnect) gets a new one, and a viewer subscribed to the old one subscribes again.
   */
  publicationId: string;
}

export interface TSfuClientToServerEvents {
  /** A participant publishes (or republishes) their feed: the reply is Janus's answer. */
  'sfu.publish': (payload: TSfuPublish, ack: (reply: TAck<{ answer: string }>) => void) => void;
  /** A participant stops publishing. */
  'sfu.unpublish': (payload: TSfuRef, ack: (reply: TAck) => void) => void;
  /** A viewer asks which feeds the round's room has now. */
  'sfu.feeds': (payload: TSfuRef, ack: (reply: TAck<{ feeds: TSfuFeed[] }>) => void) => void;
  /** A viewer subscribes to one participant's feed: the reply is Janus's offer, and which publication it carries. */
  'sfu.subscribe': (
    payload: TSfuSubscribe,
    ack: (reply: TAck<{ subscriptionId: string; offer: string; publicationId: string }>) => void,
  ) => void;
  /** A viewer answers a subscription's offer; media flows once ICE connects. */
  'sfu.start': (payload: TSfuStart, ack: (reply: TAck) => void) => void;
  /** A viewer drops one subscription, or all of theirs in the round when `subscriptionId` is absent. */
  'sfu.leave': (payload: TSfuLeave, ack: (reply: TAck) => void) => void;
}

export interface TSfuServerToClientEvents {
  /** To `debate:<id>`: a participant published or stopped; viewers ask `sfu.feeds` again. */
  'sfu.feeds_changed': (payload: { debateId: number }) => void;
  /**
   * To a viewer's sockets (`user:<id>`), or to `debate:<id>` when the whole round's viewing ends: the server has
   * closed their subscriptions (the round ended, the debaters no longer let spectators watch, or a participant
   * blocked them). The browser closes its subscriber connections; it may ask `sfu.feeds` again only if it can watch.
   */
  'sfu.ended': (payload: { debateId: number; reason: 'round_over' | 'watch_withdrawn' | 'blocked' }) => void;
}
