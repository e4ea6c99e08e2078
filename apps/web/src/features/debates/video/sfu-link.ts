import type { TErrorDetail, TSfuClientToServerEvents } from '@resolved/shared';
import type { TMeshPlatform } from './mesh-media';

type TSfuEvent = keyof TSfuClientToServerEvents;
export type TPayloadOf<K extends TSfuEvent> = Parameters<TSfuClientToServerEvents[K]>[0];
type TReplyOf<K extends TSfuEvent> = Parameters<Parameters<TSfuClientToServerEvents[K]>[1]>[0];

/** Sends one `sfu.*` request through the socket and resolves to its acknowledgement (never rejects). */
export type TSfuRequest = <K extends TSfuEvent>(name: K, payload: TPayloadOf<K>) => Promise<TReplyOf<K>>;

/** What the media server's client needs from the browser: the mesh's platform seam, so tests hand it fakes. */
export type TSfuPlatform = Pick<TMeshPlatform, 'createPeerConnection' | 'createStream' | 'setTimer'>;

/** How long an offer or answer waits for ICE gathering to finish before it goes with the candidates it has. */
export const ICE_GATHER_TIMEOUT_MS = 4_000;
/** Waits before a broken publication or subscription is made again: doubling from the first to the last. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/** Errors that are worth asking again for: no answer in time, the connection dropped, the server's own trouble. */
const TRANSIENT_CODES = new Set(['timeout', 'disconnected', 'internal_error', 'service_unavailable', 'rate_limited']);
/** The socket is not in the round's room yet (a request that overtook the rejoin after a reconnect): ask again. */
const TRANSIENT_REASONS = new Set(['not_in_round']);

/** Whether a failed request is worth asking again for, quietly; anything else is the server's refusal. */
export function isTransient(error: TErrorDetail): boolean {
  return TRANSIENT_CODES.has(error.code) || TRANSIENT_REASONS.has(error.reason ?? '');
}

/**
 * What a publisher or a viewer needs of the grant's use it belongs to (`SfuClient`'s session): the socket, the
 * browser, the round, and the token and configuration now (a rejoin renews them without a new session).
 */
export interface TSfuLink {
  readonly request: TSfuRequest;
  readonly platform: TSfuPlatform;
  readonly debateId: number;
  token(): string;
  config(): RTCConfiguration;
}

export function refOf(link: TSfuLink) {
  return { debateId: link.debateId, token: link.token() };
}

/** A request whose reply changes nothing here (a goodbye): a failure is only logged. */
export function quietly(link: TSfuLink, name: 'sfu.leave' | 'sfu.unpublish', payload: TPayloadOf<'sfu.leave'>): void {
  const sent = name === 'sfu.leave' ? link.request(name, payload) : link.request(name, payload);
  void sent.then((reply) => {
    if (!reply.ok) console.warn(`${name} failed`, reply.error);
  });
}

export function retryDelay(retries: number): number {
  return RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)]!;
}

export function trackOf(stream: MediaStream, kind: 'audio' | 'video'): MediaStreamTrack | null {
  return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
}

/**
 * Resolves once the connection has gathered its ICE candidates (the SDP then carries them all: the media server
 * takes no trickled candidates), or after ICE_GATHER_TIMEOUT_MS with those it has.
 */
export function iceGathered(pc: RTCPeerConnection, platform: TSfuPlatform): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      pc.onicegatheringstatechange = null;
      resolve();
    };
    const cancel = platform.setTimer(done, ICE_GATHER_TIMEOUT_MS);
    pc.onicegatheringstatechange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
  });
}
