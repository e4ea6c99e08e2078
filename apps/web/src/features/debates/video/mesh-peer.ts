import type { TMediaRole } from '@resolved/shared';
import { FlowWatch } from './flow-watch';
import type { TMeshPlatform } from './mesh-media';
import type { TPeer, TSession } from './mesh-types';
import { healthOf, type PeerRecovery } from './peer-recovery';

/** What one connection tells the mesh (each only while it is that peer's current connection: the mesh checks). */
export interface TPeerEvents {
  isCurrent(): boolean;
  candidate(candidate: RTCIceCandidateInit): void;
  track(stream: MediaStream): void;
  /** Its state as shown (media that stopped arriving reads `disconnected`), or `gone` (closed; a spectator's failed). */
  state(state: RTCPeerConnectionState | 'gone'): void;
}

/**
 * One connection of the mesh to a peer: sending the session's tracks (or receiving only), watched by its recovery and
 * by a `FlowWatch`, so a connection on which media stopped arriving shows as reconnecting and is restarted sooner.
 */
export function openPeer(
  platform: TMeshPlatform,
  session: TSession,
  spec: { role: TMediaRole; callId: string | undefined; recovery: (pc: RTCPeerConnection) => PeerRecovery },
  events: TPeerEvents,
): TPeer {
  // The browser's default policy is `all`, so it is named only when it is `relay` (media through TURN alone). Audio
  // and video share one transport from the first offer (`max-bundle`): half the ICE candidates to signal, which a call
  // of nine, each page making eight connections, otherwise queues behind the server's signal limit.
  const pc = platform.createPeerConnection({
    iceServers: session.iceServers,
    bundlePolicy: 'max-bundle',
    ...(session.iceTransportPolicy === 'relay' ? { iceTransportPolicy: 'relay' } : {}),
  });
  const peer: TPeer = {
    pc,
    role: spec.role,
    callId: spec.callId,
    offerId: null,
    startedAt: platform.now(),
    pendingCandidates: [],
    recovery: spec.recovery(pc),
    flow: new FlowWatch(pc, platform, (isStalled) => {
      if (!events.isCurrent()) return;
      peer.recovery.update(healthOf(pc, isStalled));
      events.state(shownState(pc, isStalled));
    }),
  };
  const stream = session.local;
  if (stream && session.role !== 'spectator') {
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
  } else {
    // Without a camera or microphone (or as a spectator) we still receive.
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addTransceiver('video', { direction: 'recvonly' });
  }
  pc.onicecandidate = (event) => {
    if (event.candidate) events.candidate(event.candidate.toJSON());
  };
  pc.ontrack = (event) => {
    if (events.isCurrent()) events.track(event.streams[0] ?? platform.createStream([event.track]));
  };
  // Each step of a connection coming up starts its connect bound again (`PeerRecovery.progressed`).
  pc.onsignalingstatechange = () => {
    if (events.isCurrent()) peer.recovery.progressed();
  };
  pc.onconnectionstatechange = pc.oniceconnectionstatechange = () => {
    if (!events.isCurrent()) return;
    if (pc.iceConnectionState === 'checking') peer.recovery.progressed();
    // A spectator that left (closing the tab) frees its place once the connection gives up; it says hello again
    // if it is still there. Everyone else's connection is brought back, and shows `disconnected` or `failed` until
    // it is.
    const isGone = pc.connectionState === 'closed' || (spec.role === 'spectator' && pc.connectionState === 'failed');
    if (isGone) return events.state('gone');
    peer.flow.update();
    peer.recovery.update(healthOf(pc, peer.flow.stalled));
    events.state(shownState(pc, peer.flow.stalled));
  };
  return peer;
}

/** What the tiles and the call's state show: a connection on which media stopped arriving is reconnecting. */
function shownState(pc: RTCPeerConnection, isStalled: boolean): RTCPeerConnectionState {
  return isStalled && pc.connectionState === 'connected' ? 'disconnected' : pc.connectionState;
}

export function closePeer(peer: TPeer): void {
  peer.recovery.dispose();
  peer.flow.dispose();
  peer.pc.close();
}

/** New ICE servers for a running connection (its ICE restarts use them). */
export function applyIceServers(peer: TPeer, iceServers: RTCIceServer[]): void {
  try {
    peer.pc.setConfiguration({ ...peer.pc.getConfiguration(), iceServers });
  } catch {
    // A connection that closed meanwhile, or a browser that refuses the change: its current servers stay.
  }
}
