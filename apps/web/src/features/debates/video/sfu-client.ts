import type { TSfuGrant } from '@resolved/shared';
import type { ReplyError } from '../../../lib/api';
import type { TIceServer } from './mesh-types';
import type { TSfuLink, TSfuPlatform, TSfuRequest } from './sfu-link';
import { SfuPublisher } from './sfu-publisher';
import { SfuViewer, type TSfuRemote } from './sfu-viewer';

export { ICE_GATHER_TIMEOUT_MS, RETRY_DELAYS_MS, type TSfuPlatform, type TSfuRequest } from './sfu-link';
export { FEEDS_FOLLOW_UPS_MS, type TSfuRemote } from './sfu-viewer';

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

/** One grant's use: from `start` to `stop`. A new session (another round or role) tells late replies apart. */
interface TSfuSession {
  debateId: number;
  grant: TSfuGrant;
  /** A participant who also receives the others' feeds from the server (a round of more than three publishers). */
  isCall: boolean;
  config: RTCConfiguration;
  /** The role's side: a publisher's (`sfu-publisher.ts`) or a viewer's (`sfu-viewer.ts`). */
  publisher: SfuPublisher | null;
  viewer: SfuViewer | null;
}

/**
 * The round's media through the media server (a Janus VideoRoom that only the Resolved server talks to), as a plain
 * object that React (or a test) reads through `subscribe` and `getSnapshot`, like `MeshClient`. It holds one grant's
 * use at a time and hands the work to its role's side: a publisher (a debater or a judge) sends its local stream
 * (`SfuPublisher`), a viewer (a spectator) receives the participants' feeds (`SfuViewer`). Offers and answers carry
 * all their candidates (no trickle).
 */
export class SfuClient {
  private session: TSfuSession | null = null;
  private readonly listeners = new Set<() => void>();
  private publishState: RTCPeerConnectionState | null = null;
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

  /** A viewer's connection carrying a participant's feed (read by the tiles' quality indicator), if it has one. */
  readonly connectionOf = (userId: string): RTCPeerConnection | undefined => this.session?.viewer?.connectionOf(userId);

  /**
   * Uses a grant for a round. The same round and role again (a grant renewed by a rejoin) keeps the connections and
   * sends the new token from now on; a viewer the server had stopped asks for the feeds again. Anything else ends
   * the session running and starts afresh. `isCall`: a publisher (a debater or judge) of a round whose whole call goes
   * through the server, who also receives every other participant's feed from it.
   */
  start(
    debateId: number,
    grant: TSfuGrant,
    iceServers: TIceServer[],
    iceTransportPolicy: RTCIceTransportPolicy = 'all',
    isCall = false,
  ): void {
    const config: RTCConfiguration = {
      iceServers,
      // The browser's default policy is `all`, so it is named only when it is `relay` (media through TURN alone).
      ...(iceTransportPolicy === 'relay' ? { iceTransportPolicy: 'relay' as const } : {}),
    };
    const current = this.session;
    const receives = grant.role === 'publisher' && isCall;
    if (current && current.debateId === debateId && current.grant.role === grant.role && current.isCall === receives) {
      const isNewGrant = current.grant.token !== grant.token;
      current.grant = grant;
      current.config = config;
      if (isNewGrant) current.viewer?.renewed();
      return;
    }
    this.stop();
    const session: TSfuSession = { debateId, grant, isCall: receives, config, publisher: null, viewer: null };
    this.session = session;
    const link: TSfuLink = {
      request: this.request,
      platform: this.platform,
      debateId,
      token: () => session.grant.token,
      config: () => session.config,
    };
    const isCurrent = () => this.session === session;
    if (grant.role === 'publisher') {
      session.publisher = new SfuPublisher(link, (state) => {
        if (isCurrent()) this.setPublishState(state);
      });
    }
    if (grant.role === 'viewer' || receives) {
      session.viewer = new SfuViewer(link, () => {
        if (isCurrent()) this.changed();
      });
    }
  }

  /** Closes every connection and tells the server: a publisher unpublishes, a viewer leaves its subscriptions. */
  stop(): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.publisher?.close();
    session.viewer?.close();
    this.publishState = null;
    this.changed();
  }

  /** A publisher's stream to send (null: stop sending and unpublish); see `SfuPublisher.setStream`. */
  setPublishStream(stream: MediaStream | null): void {
    this.session?.publisher?.setStream(stream);
  }

  /** `sfu.feeds_changed`: a participant published or stopped; a viewer asks for the feeds again. */
  handleFeedsChanged(debateId: number): void {
    if (this.session?.debateId === debateId) this.session.viewer?.feedsChanged();
  }

  /**
   * `sfu.ended`: the server closed this viewer's subscriptions (or, the round over, the room). The viewer closes its
   * connections and asks nothing more until it is started with a new grant; a publisher whose round is over stops.
   * Spectators no longer let in (or one blocked) is not a participant's end: their subscriptions stay.
   */
  handleEnded(debateId: number, reason: 'round_over' | 'watch_withdrawn' | 'blocked'): void {
    const session = this.session;
    if (session?.debateId !== debateId) return;
    if (session.publisher && reason !== 'round_over') return;
    session.publisher?.roundOver();
    session.viewer?.ended();
  }

  private setPublishState(state: RTCPeerConnectionState | null): void {
    if (this.publishState === state) return;
    this.publishState = state;
    this.changed();
  }

  private buildSnapshot(): TSfuSnapshot {
    const viewer = this.session?.viewer;
    return Object.freeze({
      remotes: Object.freeze([...(viewer?.remotes.values() ?? [])]),
      publishState: this.publishState,
      refusal: viewer?.refusal ?? null,
    });
  }

  private changed(): void {
    this.snapshot = this.buildSnapshot();
    for (const listener of this.listeners) listener();
  }
}
