/**
 * Fakes for the mesh's tests (`mesh-client.test.ts`, `mesh-speaker-video.test.ts`): just enough of WebRTC and media
 * capture, with a hand clock (`elapse`) and a relay of signals. Node has no WebRTC.
 */
import type { TMediaRole, TRtcSignal } from '@resolved/shared';
import { MeshClient } from './mesh-client';
import type { TMeshPlatform } from './mesh-media';

/** Just enough of WebRTC and media capture for the mesh: Node has neither. */
export class FakeTrack {
  enabled = true;
  isStopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.isStopped = true;
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (t: FakeTrack) => void this.tracks.push(t);
  removeTrack = (t: FakeTrack) => void this.tracks.splice(this.tracks.indexOf(t), 1);
}

export class FakeTransceiver {
  currentDirection: string | null = null;
  receiver: { track: { kind: string } };
  sender: {
    track: FakeTrack | null;
    replaceTrack: (t: FakeTrack | null) => Promise<void>;
    setStreams: () => void;
    getParameters: () => RTCRtpSendParameters;
    setParameters: (p: RTCRtpSendParameters) => Promise<void>;
  };
  /** The encoding its sender was last set to send (what `setParameters` was given). */
  encoding: RTCRtpEncodingParameters = { active: true };
  constructor(
    kind: string,
    public direction: string,
    track: FakeTrack | null,
  ) {
    this.receiver = { track: { kind } };
    this.sender = {
      track,
      replaceTrack: (t) => {
        this.sender.track = t;
        return Promise.resolve();
      },
      setStreams: () => undefined,
      getParameters: () => ({ encodings: [{ ...this.encoding }] }) as unknown as RTCRtpSendParameters,
      setParameters: (p) => {
        this.encoding = { ...p.encodings[0]! };
        return Promise.resolve();
      },
    };
  }
}

export class FakePeerConnection {
  transceivers: FakeTransceiver[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  offerOptions: (RTCOfferOptions | undefined)[] = [];
  iceRestarts = 0;
  signalingState: RTCSignalingState = 'stable';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  isClosed = false;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  /** What `getStats()` reports (the test moves `bytesReceived` to say whether media arrives). */
  bytesReceived = 0;
  constructor(public config: RTCConfiguration) {}
  getStats = () => Promise.resolve(new Map([['T', { id: 'T', type: 'transport', bytesReceived: this.bytesReceived }]]));
  getConfiguration = () => this.config;
  setConfiguration = (config: RTCConfiguration) => {
    this.config = config;
  };
  getTransceivers = () => this.transceivers;
  addTransceiver = (kind: string, init: { direction: string }) => {
    this.transceivers.push(new FakeTransceiver(kind, init.direction, null));
  };
  addTrack = (track: FakeTrack) => {
    this.transceivers.push(new FakeTransceiver(track.kind, 'sendrecv', track));
  };
  createOffer = (options?: RTCOfferOptions) => {
    this.offerOptions.push(options);
    return Promise.resolve({ type: 'offer' as const, sdp: 'offer-sdp' });
  };
  restartIce = () => {
    this.iceRestarts++;
  };
  createAnswer = () => Promise.resolve({ type: 'answer' as const, sdp: 'answer-sdp' });
  setLocalDescription = (d: RTCSessionDescriptionInit) => {
    this.localDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  };
  setRemoteDescription = (d: RTCSessionDescriptionInit) => {
    this.remoteDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  };
  addIceCandidate = (c: RTCIceCandidateInit) => {
    this.candidates.push(c);
    return Promise.resolve();
  };
  close = () => {
    this.isClosed = true;
    this.connectionState = 'closed';
    this.signalingState = 'closed';
  };
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

/** The round's people: ana, ben and jo, and in a round of teams ana's partners abe and anya, and ben's bea. */
export const ROLES: Record<string, TMediaRole> = { ana: 'a', ben: 'b', jo: 'judge', abe: 'a', anya: 'a', bea: 'b' };

export interface TSetup {
  role: TMediaRole;
  /** Who this browser's person is (by default the first of `ROLES` in `role`, or `me`). */
  userId?: string;
  hasCamera?: boolean;
  isCameraChosenOn?: boolean;
  cameraRefused?: boolean;
  /** Everyone's role in the round (by default `ROLES`); anyone else is a spectator. */
  roles?: Record<string, TMediaRole>;
}

export function setup(options: TSetup) {
  const { role, userId, hasCamera = true, isCameraChosenOn = true, cameraRefused = false, roles = ROLES } = options;
  const sent: { signal: TRtcSignal; to: string | undefined }[] = [];
  const pcs = new Map<string, FakePeerConnection>();
  const asked: MediaStreamConstraints[] = [];
  const saved: boolean[] = [];
  const streams: FakeStream[] = [];
  let calls = 0;
  // A clock the test moves by hand (`elapse`), with the timers the client set on it.
  let now = 1_000_000;
  let timers: { at: number; run: () => void }[] = [];
  const made: FakePeerConnection[] = [];
  const platform: TMeshPlatform = {
    createPeerConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
    getUserMedia: (constraints) => {
      asked.push(constraints);
      if (constraints.video && (!hasCamera || (cameraRefused && asked.length > 1))) {
        return Promise.reject(new Error('NotAllowedError'));
      }
      const tracks = [
        ...(constraints.audio ? [new FakeTrack('audio')] : []),
        ...(constraints.video ? [new FakeTrack('video')] : []),
      ];
      const stream = new FakeStream(tracks);
      streams.push(stream);
      return Promise.resolve(stream as unknown as MediaStream);
    },
    createStream: (tracks) => new FakeStream(tracks as unknown as FakeTrack[]) as unknown as MediaStream,
    readCameraChoice: () => isCameraChosenOn,
    saveCameraChoice: (isOn) => void saved.push(isOn),
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => void (timers = timers.filter((t) => t !== timer));
    },
    newCallId: () => `call-${++calls}`,
  };
  const client = new MeshClient((signal, to) => {
    sent.push({ signal, to });
  }, platform);
  const myUserId = userId ?? Object.keys(roles).find((id) => roles[id] === role) ?? 'me';
  client.setPeople(myUserId, (id) => roles[id] ?? 'spectator');
  // Every connection the client makes, by the user whose signal it answers (the latest for each).
  let pendingPeer: string | undefined;
  const create = platform.createPeerConnection;
  platform.createPeerConnection = (config) => {
    const pc = create(config);
    made.push(pc as unknown as FakePeerConnection);
    if (pendingPeer) pcs.set(pendingPeer, pc as unknown as FakePeerConnection);
    return pc;
  };
  const receive = async (from: string, signal: TRtcSignal) => {
    pendingPeer = from;
    client.handleSignal(from, signal);
    await settle();
  };
  const elapse = async (ms: number) => {
    await settle();
    const until = now + ms;
    // The earliest timer due by then, each time (timers are set in any order).
    const due = () => timers.filter((t) => t.at <= until).sort((x, y) => x.at - y.at)[0];
    for (let next = due(); next; next = due()) {
      now = next.at;
      timers = timers.filter((t) => t !== next);
      next.run();
      await settle();
    }
    now = until;
  };
  return {
    myUserId,
    client,
    sent,
    pcs,
    made,
    elapse,
    asked,
    saved,
    streams,
    receive,
    sentTo: (to: string | undefined) => sent.filter((s) => s.to === to).map((s) => s.signal),
  };
}

export async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export async function started(options: TSetup) {
  const t = setup(options);
  t.client.start(options.role, [{ urls: 'stun:stun.example.org' }]);
  await settle();
  return t;
}

/**
 * The server's relay between browsers (each `started`): a signal to the room reaches everyone else, one to a person
 * reaches them, until all is said. `delivered` counts what each has had relayed already (kept across calls).
 */
export async function relay(
  people: readonly ReturnType<typeof setup>[],
  delivered = new Map<ReturnType<typeof setup>, number>(),
): Promise<void> {
  for (let isQuiet = false; !isQuiet;) {
    isQuiet = true;
    for (const from of people) {
      const fresh = from.sent.slice(delivered.get(from) ?? 0);
      delivered.set(from, from.sent.length);
      for (const { signal, to } of fresh) {
        isQuiet = false;
        for (const target of people) {
          if (target !== from && (to === undefined || to === target.myUserId)) {
            await target.receive(from.myUserId, signal);
          }
        }
      }
    }
  }
}
