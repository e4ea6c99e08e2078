import type { TErrorDetail, TSfuClientToServerEvents, TSfuGrant } from '@resolved/shared';
import { ReplyError } from '../../../lib/api';
import type { TMeshPlatform } from './mesh-media';
import type { TIceServer } from './mesh-types';
import { DISCONNECTED_GRACE_MS, healthOf } from './peer-recovery';

type TSfuEvent = keyof TSfuClientToServerEvents;
type TPayloadOf<K extends TSfuEvent> = Parameters<TSfuClientToServerEvents[K]>[0];
type TReplyOf<K extends TSfuEvent> = Parameters<Parameters<TSfuClientToServerEvents[K]>[1]>[0];

/** Sends one `sfu.*` request through the socket and resolves to its acknowledgement (never rejects). */
export type TSfuRequest = <K extends TSfuEvent>(name: K, payload: TPayloadOf<K>) => Promise<TReplyOf<K>>;

/** What the media server's client needs from the browser: the mesh's platform seam, so tests hand it fakes. */
export type TSfuPlatform = Pick<TMeshPlatform, 'createPeerConnection' | 'createStream' | 'setTimer'>;

/** How long an offer or answer waits for ICE gathering to finish before it goes with the candidates it has. */
export const ICE_GATHER_TIMEOUT_MS = 4_000;
/** Waits before a broken publication or subscription is made again: doubling from the first to the last. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

/** A participant's feed as this browser receives it from the media server. */
export interface TSfuRemote {
  userId: string;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

/** What the screen reads; a new object only when something in it changed (`useSyncExternalStore`). */
export interface TSfuSnapshot {
  /** A viewer's feeds, by the participant whose feed it is, in the order they were subscribed. */
  readonly remotes: readonly TSfuRemote[];
  /** A publisher's connection to the media server (null while it publishes nothing). */
  readonly publishState: RTCPeerConnectionState | null;
  /**
   * The server refused this viewer (the viewer limit, a round it may no longer watch): it stopped asking until it is
   * started again with a new grant. The server's words, for `errorMessage`.
   */
  readonly refusal: ReplyError | null;
}

interface TSubscription {
  /** Null until the server answered `sfu.subscribe`. */
  pc: RTCPeerConnection | null;
  subscriptionId: string | null;
  stream: MediaStream | null;
  retries: number;
  cancelTimer: (() => void) | null;
}

interface TPublication {
  pc: RTCPeerConnection;
  senders: Record<'audio' | 'video', RTCRtpSender>;
  /** The server answered the offer: `sfu.unpublish` is owed when it ends. */
  isPublished: boolean;
}

/** One grant's use: from `start` to `stop`. A new session (another round or role) tells late replies apart. */
interface TSfuSession {
  debateId: number;
  grant: TSfuGrant;
  config: RTCConfiguration;
  // A publisher: the stream it should send (null: none), its connection, and its failures since it last connected.
  stream: MediaStream | null;
  publication: TPublication | null;
  publishRetries: number;
  cancelPublishTimer: (() => void) | null;
  // A viewer.
  subscriptions: Map<string, TSubscription>;
  isSyncing: boolean;
  isSyncAgain: boolean;
  cancelSyncTimer: (() => void) | null;
  syncRetries: number;
  /** How many more times the list is asked for after the last change (FEEDS_FOLLOW_UPS_MS), and its timer. */
  followUps: number;
  cancelFollowUp: (() => void) | null;
  /** The server closed this viewer's subscriptions (`sfu.ended`) or refused it: it asks nothing until restarted. */
  isHalted: boolean;
}

/** Errors that are worth asking again for: no answer in time, the connection dropped, the server's own trouble. */
const TRANSIENT_CODES = new Set(['timeout', 'disconnected', 'internal_error', 'service_unavailable', 'rate_limited']);
/** The socket is not in the round's room yet (a request that overtook the rejoin after a reconnect): ask again. */
const TRANSIENT_REASONS = new Set(['not_in_round']);
/**
 * After the feeds change, the list is asked for again after each of these waits: the media server lists a feed only
 * once its publisher's connection is up, which is a moment after the publication that announced it.
 */
export const FEEDS_FOLLOW_UPS_MS = [1_000, 2_000, 4_000, 8_000] as const;

/**
 * The round's media through the media server (a Janus VideoRoom that only the Resolved server talks to), as a plain
 * object that React (or a test) reads through `subscribe` and `getSnapshot`, like `MeshClient`. A publisher (a
 * debater or the judge) sends its local stream once, over one sendonly connection, and makes it again from scratch
 * (with backoff) when it fails. A viewer (a spectator) keeps one recvonly connection per participant's feed: it asks
 * `sfu.feeds` when it starts and on every `sfu.feeds_changed`, subscribes to feeds it lacks, closes those that went,
 * and subscribes again to one whose connection failed. Offers and answers carry all their candidates (no trickle).
 */
export class SfuClient {
  private session: TSfuSession | null = null;
  private readonly listeners = new Set<() => void>();
  private remotes = new Map<string, TSfuRemote>();
  private publishState: RTCPeerConnectionState | null = null;
  private refusal: ReplyError | null = null;
  private snapshot: TSfuSnapshot;

  constructor(
    private readonly request: TSfuRequest,
    private readonly platform: TSfuPlatform,
  ) {
    this.snapshot = this.buildSnapshot();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): TSfuSnapshot => this.snapshot;

  /**
   * Uses a grant for a round. The same round and role again (a grant renewed by a rejoin) keeps the connections and
   * sends the new token from now on; a viewer the server had stopped asks for the feeds again. Anything else ends
   * the session running and starts afresh.
   */
  start(
    debateId: number,
    grant: TSfuGrant,
    iceServers: TIceServer[],
    iceTransportPolicy: RTCIceTransportPolicy = 'all',
  ): void {
    const config: RTCConfiguration = {
      iceServers,
      // The browser's default policy is `all`, so it is named only when it is `relay` (media through TURN alone).
      ...(iceTransportPolicy === 'relay' ? { iceTransportPolicy: 'relay' as const } : {}),
    };
    const current = this.session;
    if (current && current.debateId === debateId && current.grant.role === grant.role) {
      const isNewGrant = current.grant.token !== grant.token;
      current.grant = grant;
      current.config = config;
      if (grant.role === 'viewer' && current.isHalted && isNewGrant) {
        current.isHalted = false;
        current.syncRetries = 0;
        current.followUps = FEEDS_FOLLOW_UPS_MS.length;
        this.setRefusal(null);
        void this.syncFeeds(current);
      }
      return;
    }
    this.stop();
    const session: TSfuSession = {
      debateId,
      grant,
      config,
      stream: null,
      publication: null,
      publishRetries: 0,
      cancelPublishTimer: null,
      subscriptions: new Map(),
      isSyncing: false,
      isSyncAgain: false,
      cancelSyncTimer: null,
      syncRetries: 0,
      followUps: 0,
      cancelFollowUp: null,
      isHalted: false,
    };
    this.session = session;
    if (grant.role === 'viewer') {
      session.followUps = FEEDS_FOLLOW_UPS_MS.length;
      void this.syncFeeds(session);
    }
  }

  /** Closes every connection and tells the server: a publisher unpublishes, a viewer leaves its subscriptions. */
  stop(): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.cancelPublishTimer?.();
    if (session.publication) this.endPublication(session, session.publication);
    this.halt(session, true);
    this.publishState = null;
    this.refusal = null;
    this.changed();
  }

  /**
   * A publisher's stream to send (null: stop sending and unpublish). The same connection takes a new stream object
   * of the same call (the camera turned off or on) by replacing its senders' tracks, with no renegotiation; the
   * microphone's mute is its track's `enabled`, which the connection sends as silence.
   */
  setPublishStream(stream: MediaStream | null): void {
    const session = this.session;
    if (!session || session.grant.role !== 'publisher' || session.stream === stream) return;
    session.stream = stream;
    const publication = session.publication;
    if (!stream) {
      session.cancelPublishTimer?.();
      session.cancelPublishTimer = null;
      session.publishRetries = 0;
      if (publication) this.endPublication(session, publication);
      this.setPublishState(null);
      return;
    }
    if (publication) {
      for (const kind of ['audio', 'video'] as const) {
        const track = trackOf(stream, kind);
        const sender = publication.senders[kind];
        if (sender.track !== track) void sender.replaceTrack(track).catch(() => undefined);
      }
      return;
    }
    if (!session.cancelPublishTimer) void this.publish(session);
  }

  /** `sfu.feeds_changed`: a participant published or stopped; a viewer asks for the feeds again. */
  handleFeedsChanged(debateId: number): void {
    const session = this.session;
    if (session?.debateId !== debateId || session.grant.role !== 'viewer' || session.isHalted) return;
    session.followUps = FEEDS_FOLLOW_UPS_MS.length;
    void this.syncFeeds(session);
  }

  /**
   * `sfu.ended`: the server closed this viewer's subscriptions (or, the round over, the room). The viewer closes its
   * connections and asks nothing more until it is started with a new grant; a publisher whose round is over stops.
   */
  handleEnded(debateId: number, reason: 'round_over' | 'watch_withdrawn' | 'blocked'): void {
    const session = this.session;
    if (session?.debateId !== debateId) return;
    if (session.grant.role === 'publisher') {
      if (reason !== 'round_over') return;
      session.cancelPublishTimer?.();
      session.cancelPublishTimer = null;
      session.stream = null;
      if (session.publication) this.closePublication(session, session.publication);
      this.setPublishState(null);
      return;
    }
    // The server closed them already.
    this.halt(session, false);
  }

  // --- Publishing ---

  private async publish(session: TSfuSession): Promise<void> {
    const stream = session.stream;
    if (!stream || this.session !== session) return;
    const pc = this.platform.createPeerConnection(session.config);
    const senders = {
      audio: pc.addTransceiver(trackOf(stream, 'audio') ?? 'audio', { direction: 'sendonly', streams: [stream] })
        .sender,
      video: pc.addTransceiver(trackOf(stream, 'video') ?? 'video', { direction: 'sendonly', streams: [stream] })
        .sender,
    };
    const publication: TPublication = { pc, senders, isPublished: false };
    session.publication = publication;
    const isCurrent = () => this.session === session && session.publication === publication;
    let cancelGrace: (() => void) | null = null;
    pc.onconnectionstatechange = () => {
      if (!isCurrent()) return;
      const health = healthOf(pc);
      this.setPublishState(pc.connectionState);
      if (health !== 'disconnected') {
        cancelGrace?.();
        cancelGrace = null;
      }
      if (health === 'up') session.publishRetries = 0;
      else if (health === 'failed') this.republishLater(session, publication);
      else if (health === 'disconnected' && !cancelGrace) {
        // Often a brief network change that heals alone; if it does not, publish again from scratch.
        cancelGrace = this.platform.setTimer(() => {
          cancelGrace = null;
          if (isCurrent() && healthOf(pc) === 'disconnected') this.republishLater(session, publication);
        }, DISCONNECTED_GRACE_MS);
      }
    };
    this.setPublishState(pc.connectionState);
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await iceGathered(pc, this.platform);
      if (!isCurrent()) return;
      const reply = await this.request('sfu.publish', {
        ...this.refOf(session),
        offer: pc.localDescription?.sdp ?? '',
      });
      if (!isCurrent()) {
        // Stopped meanwhile (not replaced by a newer publication, which takes the feed's place on the server): what
        // the server set up for this offer is not wanted.
        const isStopped = this.session !== session || (!session.stream && !session.publication);
        if (reply.ok && isStopped) this.quietly('sfu.unpublish', this.refOf(session));
        return;
      }
      if (!reply.ok) {
        console.warn('Publishing to the media server failed', reply.error);
        this.republishLater(session, publication);
        return;
      }
      publication.isPublished = true;
      await pc.setRemoteDescription({ type: 'answer', sdp: reply.data.answer });
    } catch (error) {
      if (!isCurrent()) return;
      console.warn('Publishing to the media server failed', error);
      this.republishLater(session, publication);
    }
  }

  /** Closes a broken publication and publishes again after the next backoff step (no reload, no unpublish). */
  private republishLater(session: TSfuSession, publication: TPublication): void {
    if (this.session !== session || session.publication !== publication) return;
    this.closePublication(session, publication);
    const delay = retryDelay(session.publishRetries++);
    this.setPublishState('connecting');
    session.cancelPublishTimer = this.platform.setTimer(() => {
      session.cancelPublishTimer = null;
      if (this.session === session && session.stream && !session.publication) void this.publish(session);
    }, delay);
  }

  private closePublication(session: TSfuSession, publication: TPublication): void {
    publication.pc.onconnectionstatechange = null;
    publication.pc.close();
    if (session.publication === publication) session.publication = null;
  }

  /** Ends a publication the person stopped (or the call ended): the server is told to drop the feed. */
  private endPublication(session: TSfuSession, publication: TPublication): void {
    this.closePublication(session, publication);
    if (publication.isPublished) this.quietly('sfu.unpublish', this.refOf(session));
  }

  // --- Viewing ---

  /** Asks which feeds the room has and makes this viewer's subscriptions match; one run at a time per session. */
  private async syncFeeds(session: TSfuSession): Promise<void> {
    if (session.isSyncing) {
      session.isSyncAgain = true;
      return;
    }
    session.isSyncing = true;
    session.cancelSyncTimer?.();
    session.cancelSyncTimer = null;
    try {
      do {
        session.isSyncAgain = false;
        const reply = await this.request('sfu.feeds', this.refOf(session));
        if (this.session !== session || session.isHalted) return;
        if (!reply.ok) {
          if (this.isRefusal(session, reply.error)) return;
          session.cancelSyncTimer = this.platform.setTimer(() => {
            session.cancelSyncTimer = null;
            if (this.session === session && !session.isHalted) void this.syncFeeds(session);
          }, retryDelay(session.syncRetries++));
          return;
        }
        session.syncRetries = 0;
        const wanted = new Set(reply.data.feeds.map((f) => f.userId));
        for (const userId of [...session.subscriptions.keys()]) {
          if (!wanted.has(userId)) this.unsubscribe(session, userId);
        }
        for (const userId of wanted) {
          if (!session.subscriptions.has(userId)) void this.subscribeTo(session, userId, 0);
        }
      } while (session.isSyncAgain);
      this.followUp(session);
    } finally {
      session.isSyncing = false;
    }
  }

  /** Asks for the list again after the next of FEEDS_FOLLOW_UPS_MS, while any are left since the last change. */
  private followUp(session: TSfuSession): void {
    session.cancelFollowUp?.();
    session.cancelFollowUp = null;
    if (session.followUps <= 0) return;
    const delay = FEEDS_FOLLOW_UPS_MS[FEEDS_FOLLOW_UPS_MS.length - session.followUps]!;
    session.followUps--;
    session.cancelFollowUp = this.platform.setTimer(() => {
      session.cancelFollowUp = null;
      if (this.session === session && !session.isHalted) void this.syncFeeds(session);
    }, delay);
  }

  private async subscribeTo(session: TSfuSession, userId: string, retries: number): Promise<void> {
    const sub: TSubscription = { pc: null, subscriptionId: null, stream: null, retries, cancelTimer: null };
    session.subscriptions.set(userId, sub);
    const isCurrent = () => this.session === session && session.subscriptions.get(userId) === sub;
    const reply = await this.request('sfu.subscribe', { ...this.refOf(session), feedUserId: userId });
    if (!isCurrent()) {
      if (reply.ok) this.quietly('sfu.leave', { ...this.refOf(session), subscriptionId: reply.data.subscriptionId });
      return;
    }
    if (!reply.ok) {
      if (reply.error.code === 'not_found') {
        // The feed went between the list and this request: its `sfu.feeds_changed` brings the list again.
        session.subscriptions.delete(userId);
        return;
      }
      if (!this.isRefusal(session, reply.error)) this.resubscribeLater(session, userId, sub);
      return;
    }
    const pc = this.platform.createPeerConnection(session.config);
    sub.pc = pc;
    sub.subscriptionId = reply.data.subscriptionId;
    pc.ontrack = (event) => {
      if (!isCurrent()) return;
      const stream = event.streams[0] ?? sub.stream ?? this.platform.createStream([]);
      if (!event.streams[0] && !stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      sub.stream = stream;
      this.patchRemote(userId, { stream });
    };
    let cancelGrace: (() => void) | null = null;
    pc.onconnectionstatechange = () => {
      if (!isCurrent()) return;
      const health = healthOf(pc);
      this.patchRemote(userId, { state: pc.connectionState });
      if (health !== 'disconnected') {
        cancelGrace?.();
        cancelGrace = null;
      }
      if (health === 'up') sub.retries = 0;
      else if (health === 'failed') this.resubscribeLater(session, userId, sub);
      else if (health === 'disconnected' && !cancelGrace) {
        cancelGrace = this.platform.setTimer(() => {
          cancelGrace = null;
          if (isCurrent() && healthOf(pc) === 'disconnected') this.resubscribeLater(session, userId, sub);
        }, DISCONNECTED_GRACE_MS);
      }
    };
    this.patchRemote(userId, { stream: null, state: pc.connectionState });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: reply.data.offer });
      await pc.setLocalDescription(await pc.createAnswer());
      await iceGathered(pc, this.platform);
      if (!isCurrent()) return;
      const started = await this.request('sfu.start', {
        ...this.refOf(session),
        subscriptionId: reply.data.subscriptionId,
        answer: pc.localDescription?.sdp ?? '',
      });
      if (!isCurrent() || started.ok) return;
      // A subscription the server no longer has (`not_found`) is made again, like a failed connection.
      if (started.error.code === 'not_found' || !this.isRefusal(session, started.error)) {
        this.resubscribeLater(session, userId, sub);
      }
    } catch (error) {
      if (!isCurrent()) return;
      console.warn('Subscribing to a feed of the media server failed', error);
      this.resubscribeLater(session, userId, sub);
    }
  }

  /** A subscription whose connection failed: leave it and subscribe again after the next backoff step. */
  private resubscribeLater(session: TSfuSession, userId: string, sub: TSubscription): void {
    if (sub.cancelTimer) return;
    const delay = retryDelay(sub.retries);
    sub.cancelTimer = this.platform.setTimer(() => {
      sub.cancelTimer = null;
      this.resubscribe(session, userId, sub);
    }, delay);
  }

  private resubscribe(session: TSfuSession, userId: string, sub: TSubscription): void {
    if (this.session !== session || session.subscriptions.get(userId) !== sub || session.isHalted) return;
    this.unsubscribe(session, userId, false);
    void this.subscribeTo(session, userId, sub.retries + 1);
  }

  /** Closes one feed's connection and tells the server; `isGone`: the feed left the room (its tile empties). */
  private unsubscribe(session: TSfuSession, userId: string, isGone = true): void {
    const sub = session.subscriptions.get(userId);
    if (!sub) return;
    closeSubscription(sub);
    session.subscriptions.delete(userId);
    if (sub.subscriptionId) this.quietly('sfu.leave', { ...this.refOf(session), subscriptionId: sub.subscriptionId });
    if (isGone && this.remotes.has(userId)) {
      this.remotes = new Map(this.remotes);
      this.remotes.delete(userId);
      this.changed();
    } else if (!isGone) this.patchRemote(userId, { stream: null, state: 'connecting' });
  }

  /**
   * Whether a viewer's failed request was a refusal (the viewer limit, a round this person may no longer watch): the
   * viewer leaves, stops asking and shows it. Anything else (no answer, the server's own trouble) is for the caller to
   * try again quietly, after the next backoff step.
   */
  private isRefusal(session: TSfuSession, error: TErrorDetail): boolean {
    if (TRANSIENT_CODES.has(error.code) || TRANSIENT_REASONS.has(error.reason ?? '')) {
      console.warn('A request to the media server failed; trying again', error);
      return false;
    }
    this.halt(session, true);
    // The server's own words, for `errorMessage` to show (as `replyData` makes them).
    const { code, message, details, reason } = error;
    this.setRefusal(new ReplyError(code, message, details, reason));
    return true;
  }

  /** A viewer closes every subscription and asks nothing more until it is started with a new grant. */
  private halt(session: TSfuSession, isLeaving: boolean): void {
    session.isHalted = true;
    session.cancelSyncTimer?.();
    session.cancelSyncTimer = null;
    session.cancelFollowUp?.();
    session.cancelFollowUp = null;
    const hadSubscriptions = [...session.subscriptions.values()].some((s) => s.subscriptionId !== null);
    for (const sub of session.subscriptions.values()) closeSubscription(sub);
    session.subscriptions.clear();
    if (isLeaving && hadSubscriptions) this.quietly('sfu.leave', this.refOf(session));
    this.remotes = new Map();
    this.changed();
  }

  // --- Shared ---

  private refOf(session: TSfuSession) {
    return { debateId: session.debateId, token: session.grant.token };
  }

  /** A request whose reply changes nothing here (a goodbye): a failure is only logged. */
  private quietly(name: 'sfu.leave' | 'sfu.unpublish', payload: TPayloadOf<'sfu.leave'>): void {
    const sent = name === 'sfu.leave' ? this.request(name, payload) : this.request(name, payload);
    void sent.then((reply) => {
      if (!reply.ok) console.warn(`${name} failed`, reply.error);
    });
  }

  private patchRemote(userId: string, patch: Partial<TSfuRemote>): void {
    const base = this.remotes.get(userId) ?? { userId, stream: null, state: 'new' as const };
    this.remotes = new Map(this.remotes).set(userId, { ...base, ...patch });
    this.changed();
  }

  private setPublishState(state: RTCPeerConnectionState | null): void {
    if (this.publishState === state) return;
    this.publishState = state;
    this.changed();
  }

  private setRefusal(refusal: ReplyError | null): void {
    this.refusal = refusal;
    this.changed();
  }

  private buildSnapshot(): TSfuSnapshot {
    return Object.freeze({
      remotes: Object.freeze([...this.remotes.values()]),
      publishState: this.publishState,
      refusal: this.refusal,
    });
  }

  private changed(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}

function trackOf(stream: MediaStream, kind: 'audio' | 'video'): MediaStreamTrack | null {
  return (kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())[0] ?? null;
}

function closeSubscription(sub: TSubscription): void {
  sub.cancelTimer?.();
  sub.cancelTimer = null;
  if (sub.pc) {
    sub.pc.ontrack = null;
    sub.pc.onconnectionstatechange = null;
    sub.pc.close();
  }
}

function retryDelay(retries: number): number {
  return RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)]!;
}

/**
 * Resolves once the connection has gathered its ICE candidates (the SDP then carries them all: the media server
 * takes no trickled candidates), or after ICE_GATHER_TIMEOUT_MS with those it has.
 */
function iceGathered(pc: RTCPeerConnection, platform: TSfuPlatform): Promise<void> {
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
