import { SPECTATOR_MEDIA_LIMIT, type TMediaRole, type TRtcSignal } from './protocol.js';

/**
 * Who offers to whom in the round's mesh: the lower rank offers, so every pair agrees without asking. Two people of
 * one role (partners of a side) are told apart by their account id: the lower one offers.
 */
const RANK: Record<TMediaRole, number> = { a: 0, b: 1, judge: 2, spectator: 3 };

/** A person in the round's call: their media role and their account (which tells two of one role apart). */
export interface TMediaPeer {
  role: TMediaRole;
  userId: string;
}

/** Whether `me` comes before `them` in the mesh's order: by role, then (two of one role) by account id. */
function isBefore(me: TMediaPeer, them: TMediaPeer): boolean {
  if (me.role !== them.role) return RANK[me.role] < RANK[them.role];
  return me.userId < them.userId;
}

/**
 * What a browser does with a peer's hello: `offer` a connection, `greet` back (so the peer offers), say the media
 * is `full` (a participant already sending to SPECTATOR_MEDIA_LIMIT spectators), or `ignore` it (spectators never
 * connect to each other, nor to anyone while the round's debaters do not let spectators watch: a round with a minor). `spectatorPeers` counts the spectators this browser already sends to.
 */
export function helloAction(
  me: TMediaPeer,
  them: TMediaPeer,
  spectatorPeers: number,
  isKnownPeer: boolean,
  isSpectatorWatchAllowed = true,
): 'offer' | 'greet' | 'full' | 'ignore' {
  if (me.role === 'spectator' && them.role === 'spectator') return 'ignore';
  // A panel's judges each connect to every debater, not to each other (judges do not confer during the round).
  if (me.role === 'judge' && them.role === 'judge') return 'ignore';
  if (!isSpectatorWatchAllowed && (me.role === 'spectator' || them.role === 'spectator')) return 'ignore';
  if (!isBefore(me, them)) return 'greet';
  if (them.role === 'spectator' && !isKnownPeer && spectatorPeers >= SPECTATOR_MEDIA_LIMIT) return 'full';
  return 'offer';
}

/**
 * Which of a browser's peers it must disconnect now: every spectator, once the debaters no longer let spectators watch
 * (the relay refuses their signals from then on; a spectator's own browser closes its call).
 */
export function peersToDrop(
  peers: Iterable<{ userId: string; role: TMediaRole }>,
  isSpectatorWatchAllowed: boolean,
): string[] {
  if (isSpectatorWatchAllowed) return [];
  return [...peers].filter((p) => p.role === 'spectator').map((p) => p.userId);
}

/**
 * Whether `me` makes the offers to `them` (and so takes their answers, and answers nothing from them): exactly one of
 * every pair of distinct people does, partners of one side included.
 */
export function offersTo(me: TMediaPeer, them: TMediaPeer): boolean {
  return me.userId !== them.userId && isBefore(me, them);
}

/** How long a second hello from the same call is taken for a repeat of the first (two hellos crossing). */
export const REPEAT_HELLO_MS = 3000;

/**
 * Whether a hello repeats one this browser already made a connection for: the same call (window) of a peer in the
 * same role, within REPEAT_HELLO_MS. A hello from another window, a reload or a new role is never a repeat, however
 * soon it comes: that window has nothing yet and must get its offer.
 */
export function isRepeatHello(
  existing: { role: TMediaRole; callId: string | undefined; startedAt: number } | undefined,
  hello: { role: TMediaRole; callId: string | undefined },
  now: number,
): boolean {
  if (!existing || existing.role !== hello.role || existing.callId !== hello.callId) return false;
  return now - existing.startedAt < REPEAT_HELLO_MS;
}

/** Signals that may go to the whole room (no `toUserId`): a hello, and a camera change. Every other names one peer. */
export function isRoomSignal(type: TRtcSignal['type']): boolean {
  return type === 'hello' || type === 'media';
}

/**
 * What a signal says about its sender's camera: on, off, or nothing (an offer, a spectator's hello, or a hello from
 * a browser older than camera choice, which always sends its camera when it has one).
 */
export function cameraOfSignal(signal: TRtcSignal): boolean | undefined {
  if (signal.type === 'media') return signal.camera;
  if (signal.type === 'hello') return signal.camera;
  return undefined;
}

/** Where a browser remembers whether its person starts rounds with the camera on (localStorage). */
export const CAMERA_CHOICE_KEY = 'resolved.camera';

/** The remembered choice: the camera starts on unless this browser was told "off" (anything else reads as on). */
export function isCameraChosenOn(stored: string | null): boolean {
  return stored !== 'off';
}

export function cameraChoiceValue(isOn: boolean): 'on' | 'off' {
  return isOn ? 'on' : 'off';
}
