/**
 * Fakes for the media server client's tests (`sfu-client.test.ts`): just enough of WebRTC and of the socket, with a
 * hand clock. Node has no WebRTC.
 */
import type { TAck, TSfuGrant } from '@resolved/shared';
import { SfuClient, type TSfuPlatform, type TSfuRequest } from './sfu-client';

/** Just enough of WebRTC for the media server's client: Node has none. */
export class FakeTrack {
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {}
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (t: FakeTrack) => void this.tracks.push(t);
}

class FakeSender {
  replaced: (FakeTrack | null)[] = [];
  constructor(public track: FakeTrack | null) {}
  replaceTrack = (t: FakeTrack | null) => {
    this.track = t;
    this.replaced.push(t);
    return Promise.resolve();
  };
}

export class FakePeerConnection {
  transceivers: { kind: string; direction: string; sender: FakeSender; streams: unknown[] }[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  iceGatheringState: RTCIceGatheringState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  isClosed = false;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onicegatheringstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {}
  addTransceiver = (trackOrKind: FakeTrack | string, init: { direction: string; streams?: unknown[] }) => {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const transceiver = {
      kind: track?.kind ?? (trackOrKind as string),
      direction: init.direction,
      sender: new FakeSender(track),
      streams: init.streams ?? [],
    };
    this.transceivers.push(transceiver);
    return transceiver;
  };
  createOffer = () => Promise.resolve({ type: 'offer' as const, sdp: 'browser-offer' });
  createAnswer = () => Promise.resolve({ type: 'answer' as const, sdp: 'browser-answer' });
  setLocalDescription = (d: RTCSessionDescriptionInit) => {
    this.localDescription = { ...d, sdp: `${d.sdp}+candidates` };
    this.iceGatheringState = 'gathering';
    return Promise.resolve();
  };
  setRemoteDescription = (d: RTCSessionDescriptionInit) => {
    this.remoteDescription = d;
    return Promise.resolve();
  };
  close = () => {
    this.isClosed = true;
    this.connectionState = 'closed';
  };
  gathered() {
    this.iceGatheringState = 'complete';
    this.onicegatheringstatechange?.();
  }
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

interface TSent {
  name: string;
  payload: Record<string, unknown>;
}

export const GRANT: TSfuGrant = { token: 'grant-1', role: 'publisher', expiresAt: 0, viewerLimit: 100 };
export const VIEW: TSfuGrant = { ...GRANT, role: 'viewer' };
export const ICE = [{ urls: 'stun:stun.example.org' }];

/**
 * A client over fake connections and a fake socket: `replies` answers each request by name (a test changes it),
 * `gatherAtOnce` completes every connection's ICE gathering as soon as it starts, and `elapse` moves a hand clock.
 */
export function setup() {
  const sent: TSent[] = [];
  const made: FakePeerConnection[] = [];
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  let subscriptions = 0;
  let feeds = ['ana', 'ben'];
  /** Each participant's publication now (`republish` replaces one, as a participant publishing anew does). */
  const publications = new Map<string, number>();
  const publicationOf = (userId: string) => `${userId}-${publications.get(userId) ?? 1}`;
  const replies: Record<string, (payload: Record<string, unknown>) => TAck<unknown>> = {
    'sfu.publish': () => ({ ok: true, data: { answer: 'janus-answer' } }),
    'sfu.unpublish': () => ({ ok: true, data: undefined }),
    'sfu.feeds': () => ({
      ok: true,
      data: { feeds: feeds.map((userId) => ({ userId, publicationId: publicationOf(userId) })) },
    }),
    'sfu.subscribe': (p) => ({
      ok: true,
      data: {
        subscriptionId: `sub-${++subscriptions}`,
        offer: `janus-offer-${String(p.feedUserId)}`,
        publicationId: publicationOf(String(p.feedUserId)),
      },
    }),
    'sfu.start': () => ({ ok: true, data: undefined }),
    'sfu.leave': () => ({ ok: true, data: undefined }),
  };
  let gatherAtOnce = true;
  const platform: TSfuPlatform = {
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config);
      const setLocal = pc.setLocalDescription;
      pc.setLocalDescription = async (d) => {
        await setLocal(d);
        if (gatherAtOnce) setTimeout(() => pc.gathered(), 0);
      };
      made.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    createStream: (tracks) => new FakeStream(tracks as unknown as FakeTrack[]) as unknown as MediaStream,
    setTimer: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => void (timers = timers.filter((t) => t !== timer));
    },
  };
  const request = ((name: string, payload: Record<string, unknown>) => {
    sent.push({ name, payload });
    return Promise.resolve(replies[name]!(payload));
  }) as unknown as TSfuRequest;
  const client = new SfuClient(request, platform);
  const elapse = async (ms: number) => {
    await settle();
    const until = now + ms;
    for (;;) {
      const next = timers.filter((t) => t.at <= until).sort((x, y) => x.at - y.at)[0];
      if (!next) break;
      now = next.at;
      timers = timers.filter((t) => t !== next);
      next.run();
      await settle();
    }
    now = until;
  };
  return {
    client,
    sent,
    made,
    replies,
    elapse,
    named: (name: string) => sent.filter((s) => s.name === name).map((s) => s.payload),
    setFeeds: (next: string[]) => (feeds = next),
    republish: (userId: string) => void publications.set(userId, (publications.get(userId) ?? 1) + 1),
    setGatherAtOnce: (is: boolean) => (gatherAtOnce = is),
  };
}

export async function settle() {
  for (let i = 0; i < 8; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const camera = () => new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);
export const asStream = (s: FakeStream) => s as unknown as MediaStream;
