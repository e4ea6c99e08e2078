import type { TMediaRole, TRtcSignal } from '@resolved/shared';

/**
 * Which of the round's media goes through the media server instead of this mesh: none (no server, or no grant);
 * the spectators' (a round of two or three publishers: its debaters and judge stay on the mesh with each other); or
 * everyone's (a round of more than three publishers, `isCallViaMediaServer`: each debater and judge publishes once
 * and receives the others from the server, and the mesh makes no media connection at all).
 */
export type TViaServer = 'none' | 'spectators' | 'everyone';

/** Whether the media between this person and a peer goes through the media server (no mesh connection for it). */
export function isPairViaServer(via: TViaServer, myRole: TMediaRole, theirRole: TMediaRole): boolean {
  if (via === 'everyone') return true;
  return via === 'spectators' && (myRole === 'spectator' || theirRole === 'spectator');
}

/**
 * What a sender answers a signal from a peer it meets through the media server: a hello gets its camera (`media`,
 * for the placeholder over the server's video), or, from a spectator while spectators may not watch, is held until
 * they may (`hold`); nothing else passes between them here (`null`).
 */
export function viaServerReply(
  myRole: TMediaRole,
  theirRole: TMediaRole,
  isSpectatorWatchAllowed: boolean,
  message: TRtcSignal,
): 'media' | 'hold' | null {
  if (myRole === 'spectator' || message.type !== 'hello') return null;
  return theirRole !== 'spectator' || isSpectatorWatchAllowed ? 'media' : 'hold';
}
