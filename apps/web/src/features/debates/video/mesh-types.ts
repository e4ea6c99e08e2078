import type { TDebateJoined, TMediaRole } from '@resolved/shared';
import type { FlowWatch } from './flow-watch';
import type { PeerRecovery } from './peer-recovery';

export type TIceServer = TDebateJoined['iceServers'][number];

export interface TRemotePeer {
  userId: string;
  role: TMediaRole;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
  /** False when the peer said its camera is off (show a placeholder, not the last frame). */
  isCameraOn: boolean;
}

/** What the screen reads; a new object only when something in it changed (`useSyncExternalStore`). */
export interface TMeshSnapshot {
  readonly isReady: boolean;
  /** This browser's camera and microphone (null for a spectator, or a browser that has neither). */
  readonly localStream: MediaStream | null;
  /** Everyone this browser has a connection with, in the order they connected. */
  readonly remotes: readonly TRemotePeer[];
  /** What each peer last said about its camera (also before its connection is up). */
  readonly cameras: Readonly<Record<string, boolean>>;
  /** A spectator was told the participants already send to as many spectators as they may. */
  readonly isMediaFull: boolean;
  readonly isMuted: boolean;
  readonly isCameraOff: boolean;
  /** The camera is being turned on. */
  readonly isCameraBusy: boolean;
  /** The camera can be turned on or off: this browser sends (it has a microphone or camera stream). */
  readonly hasCamera: boolean;
  readonly hasMicrophone: boolean;
}

export interface TPeer {
  pc: RTCPeerConnection;
  /** The role the peer had when this connection was made (a spectator who takes the judge's seat starts afresh). */
  role: TMediaRole;
  /** The peer's window (its hello's `callId`) this connection was made for. */
  callId: string | undefined;
  /**
   * The offer this connection negotiates: the offering side's latest own offer (an answer must name it), the
   * answering side's latest answered one. Null before the first, or for a browser older than offer ids.
   */
  offerId: string | null;
  startedAt: number;
  pendingCandidates: RTCIceCandidateInit[];
  recovery: PeerRecovery;
  /** Whether media still arrives on this connection (stalled: connected, yet nothing arrived for a while). */
  flow: FlowWatch;
}

/** One call: from `start` (media asked for) to `stop`. A restart is a new session, so late answers of the old one are told apart. */
export interface TSession {
  role: TMediaRole;
  iceServers: TIceServer[];
  iceTransportPolicy: RTCIceTransportPolicy;
  isReady: boolean;
  local: MediaStream | null;
  callId: string;
  peers: Map<string, TPeer>;
  /**
   * Spectators whose hello came while they could not watch, by their call: a hello can arrive before this browser
   * hears that both debaters now let spectators watch, so it offers to them once it does.
   */
  heldSpectators: Map<string, string | undefined>;
}

export type TRemoteRecord = Omit<TRemotePeer, 'isCameraOn'>;
