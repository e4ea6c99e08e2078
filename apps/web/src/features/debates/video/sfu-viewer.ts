import type { TErrorDetail } from '@resolved/shared';
import { ReplyError } from '../../../lib/api';
import { DISCONNECTED_GRACE_MS, healthOf } from './peer-recovery';
import { iceGathered, isTransient, quietly, refOf, retryDelay, type TSfuLink } from './sfu-link';

/** A participant's feed as this browser receives it from the media server. */
export interface TSfuRemote {
  userId: string;
  stream: MediaStream | null;
  state: RTCPeerConnectionState;
}

/**
 * After the feeds change, the list is asked for again after each of these waits: the server announces a feed once its
 * publisher's media is up, and these catch one whose announcement this socket missed (a reconnect in between).
 */
export const FEEDS_FOLLOW_UPS_MS = [1_000, 2_000, 4_000, 8_000] as const;

interface TSubscription {
  /** Null until the server answered `sfu.subscribe`. */
  pc: RTCPeerConnection | null;
  subscriptionId: string | null;
  /** Which publication of the participant it carries (null until the server answered). */
  publicationId: string | null;
  stream: MediaStream | null;
  retries: number;
  cancelTimer: (() => void) | null;
}

/**
 * A viewer's side of the media server (a spectator): one recvonly connection per participant's feed. It asks
 * `sfu.feeds` when it starts and on every `sfu.feeds_changed`, subscribes to feeds it lacks, closes those that went,
 * and subscribes again to one whose connection failed or whose participant published anew (the media server stops
 * sending on a subscription to a replaced publication, while its connection stays up). A refusal (the viewer limit, a round it may no longer watch)
 * halts it until a new grant. One per grant's use; `close` ends it.
 */
export class SfuViewer {
  /** By the participant whose feed it is, in the order they were subscribed. */
  remotes = new Map<string, TSfuRemote>();
  /** The server's refusal that halted this viewer, in its words (for `errorMessage`). */
  refusal: ReplyError | null = null;
  private readonly subscriptions = new Map<string, TSubscription>();
  private isSyncing = false;
  private isSyncAgain = false;
  private cancelSyncTimer: (() => void) | null = null;
  private syncRetries = 0;
  /** How many more times the list is asked for after the last change (FEEDS_FOLLOW_UPS_MS), and its timer. */
  private followUps = FEEDS_FOLLOW_UPS_MS.length;
  private cancelFollowUp: (() => void) | null = null;
  /** The server closed this viewer's subscriptions (`sfu.ended`) or refused it: it asks nothing until restarted. */
  private isHalted = false;
  private isClosed = false;

  constructor(
    private readonly link: TSfuLink,
    private readonly onChange: () => void,
  ) {
    void this.syncFeeds();
  }

  /** The viewer's connection carrying a participant's feed (the tiles' quality indicator reads it), if any. */
  connectionOf(userId: string): RTCPeerConnection | undefined {
    return this.subscriptions.get(userId)?.pc ?? undefined;
  }

  /** A new grant for the same round: a viewer the server had stopped asks for the feeds again. */
  renewed(): void {
    if (!this.isHalted || this.isClosed) return;
    this.isHalted = false;
    this.syncRetries = 0;
    this.followUps = FEEDS_FOLLOW_UPS_MS.length;
    this.refusal = null;
    this.onChange();
    void this.syncFeeds();
  }

  /** `sfu.feeds_changed`: a participant published or stopped; the feeds are asked for again. */
  feedsChanged(): void {
    if (this.isHalted || this.isClosed) return;
    this.followUps = FEEDS_FOLLOW_UPS_MS.length;
    void this.syncFeeds();
  }

  /** `sfu.ended`: the server closed the subscriptions already; nothing is asked until a new grant. */
  ended(): void {
    this.halt(false);
  }

  /** The grant's use ended: every subscription closes and the server is told. */
  close(): void {
    this.halt(true);
    this.isClosed = true;
  }

  private get isActive(): boolean {
    return !this.isHalted && !this.isClosed;
  }

  /** Asks which feeds the room has and makes the subscriptions match; one run at a time. */
  private async syncFeeds(): Promise<void> {
    if (this.isSyncing) {
      this.isSyncAgain = true;
      return;
    }
    this.isSyncing = true;
    this.cancelSyncTimer?.();
    this.cancelSyncTimer = null;
    try {
      do {
        this.isSyncAgain = false;
        const reply = await this.link.request('sfu.feeds', refOf(this.link));
        if (!this.isActive) return;
        if (!reply.ok) {
          if (this.isRefusal(reply.error)) return;
          this.cancelSyncTimer = this.link.platform.setTimer(() => {
            this.cancelSyncTimer = null;
            if (this.isActive) void this.syncFeeds();
          }, retryDelay(this.syncRetries++));
          return;
        }
        this.syncRetries = 0;
        const wanted = new Map(reply.data.feeds.map((f) => [f.userId, f.publicationId]));
        for (const [userId, sub] of [...this.subscriptions]) {
          if (!wanted.has(userId)) this.unsubscribe(userId);
          else if (sub.publicationId !== null && sub.publicationId !== wanted.get(userId)) {
            // Published anew: the old subscription carries nothing more, though its connection may still say connected.
            this.unsubscribe(userId, false);
          }
        }
        for (const userId of wanted.keys()) {
          if (!this.subscriptions.has(userId)) void this.subscribeTo(userId, 0);
        }
      } while (this.isSyncAgain);
      this.followUp();
    } finally {
      this.isSyncing = false;
    }
  }

  /** Asks for the list again after the next of FEEDS_FOLLOW_UPS_MS, while any are left since the last change. */
  private followUp(): void {
    this.cancelFollowUp?.();
    this.cancelFollowUp = null;
    if (this.followUps <= 0) return;
    const delay = FEEDS_FOLLOW_UPS_MS[FEEDS_FOLLOW_UPS_MS.length - this.followUps]!;
    this.followUps--;
    this.cancelFollowUp = this.link.platform.setTimer(() => {
      this.cancelFollowUp = null;
      if (this.isActive) void this.syncFeeds();
    }, delay);
  }

  private async subscribeTo(userId: string, retries: number): Promise<void> {
    const sub: TSubscription = {
      pc: null,
      subscriptionId: null,
      publicationId: null,
      stream: null,
      retries,
      cancelTimer: null,
    };
    this.subscriptions.set(userId, sub);
    const isCurrent = () => !this.isClosed && this.subscriptions.get(userId) === sub;
    const reply = await this.link.request('sfu.subscribe', { ...refOf(this.link), feedUserId: userId });
    if (!isCurrent()) {
      if (reply.ok) quietly(this.link, 'sfu.leave', { ...refOf(this.link), subscriptionId: reply.data.subscriptionId });
      return;
    }
    if (!reply.ok) {
      if (reply.error.code === 'not_found') {
        // The feed went between the list and this request: its `sfu.feeds_changed` brings the list again.
        this.subscriptions.delete(userId);
        return;
      }
      if (!this.isRefusal(reply.error)) this.resubscribeLater(userId, sub);
      return;
    }
    const pc = this.link.platform.createPeerConnection(this.link.config());
    sub.pc = pc;
    sub.subscriptionId = reply.data.subscriptionId;
    sub.publicationId = reply.data.publicationId;
    pc.ontrack = (event) => {
      if (!isCurrent()) return;
      const stream = event.streams[0] ?? sub.stream ?? this.link.platform.createStream([]);
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
      else if (health === 'failed') this.resubscribeLater(userId, sub);
      else if (health === 'disconnected' && !cancelGrace) {
        cancelGrace = this.link.platform.setTimer(() => {
          cancelGrace = null;
          if (isCurrent() && healthOf(pc) === 'disconnected') this.resubscribeLater(userId, sub);
        }, DISCONNECTED_GRACE_MS);
      }
    };
    this.patchRemote(userId, { stream: null, state: pc.connectionState });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: reply.data.offer });
      await pc.setLocalDescription(await pc.createAnswer());
      await iceGathered(pc, this.link.platform);
      if (!isCurrent()) return;
      const started = await this.link.request('sfu.start', {
        ...refOf(this.link),
        subscriptionId: reply.data.subscriptionId,
        answer: pc.localDescription?.sdp ?? '',
      });
      if (!isCurrent() || started.ok) return;
      // A subscription the server no longer has (`not_found`) is made again, like a failed connection.
      if (started.error.code === 'not_found' || !this.isRefusal(started.error)) this.resubscribeLater(userId, sub);
    } catch (error) {
      if (!isCurrent()) return;
      console.warn('Subscribing to a feed of the media server failed', error);
      this.resubscribeLater(userId, sub);
    }
  }

  /** A subscription whose connection failed: leave it and subscribe again after the next backoff step. */
  private resubscribeLater(userId: string, sub: TSubscription): void {
    if (sub.cancelTimer) return;
    sub.cancelTimer = this.link.platform.setTimer(() => {
      sub.cancelTimer = null;
      if (!this.isActive || this.subscriptions.get(userId) !== sub) return;
      this.unsubscribe(userId, false);
      void this.subscribeTo(userId, sub.retries + 1);
    }, retryDelay(sub.retries));
  }

  /** Closes one feed's connection and tells the server; `isGone`: the feed left the room (its tile empties). */
  private unsubscribe(userId: string, isGone = true): void {
    const sub = this.subscriptions.get(userId);
    if (!sub) return;
    closeSubscription(sub);
    this.subscriptions.delete(userId);
    if (sub.subscriptionId) {
      quietly(this.link, 'sfu.leave', { ...refOf(this.link), subscriptionId: sub.subscriptionId });
    }
    if (isGone && this.remotes.has(userId)) {
      this.remotes = new Map(this.remotes);
      this.remotes.delete(userId);
      this.onChange();
    } else if (!isGone) this.patchRemote(userId, { stream: null, state: 'connecting' });
  }

  /**
   * Whether a failed request was a refusal (the viewer limit, a round this person may no longer watch): the viewer
   * leaves, stops asking and shows it. Anything else (no answer, the server's own trouble) is for the caller to try
   * again quietly, after the next backoff step.
   */
  private isRefusal(error: TErrorDetail): boolean {
    if (isTransient(error)) {
      console.warn('A request to the media server failed; trying again', error);
      return false;
    }
    this.halt(true);
    // The server's own words, for `errorMessage` to show (as `replyData` makes them).
    const { code, message, details, reason } = error;
    this.refusal = new ReplyError(code, message, details, reason);
    this.onChange();
    return true;
  }

  /** Closes every subscription and asks nothing more until a new grant. */
  private halt(isLeaving: boolean): void {
    this.isHalted = true;
    this.cancelSyncTimer?.();
    this.cancelSyncTimer = null;
    this.cancelFollowUp?.();
    this.cancelFollowUp = null;
    const hadSubscriptions = [...this.subscriptions.values()].some((s) => s.subscriptionId !== null);
    for (const sub of this.subscriptions.values()) closeSubscription(sub);
    this.subscriptions.clear();
    if (isLeaving && hadSubscriptions && !this.isClosed) quietly(this.link, 'sfu.leave', refOf(this.link));
    this.remotes = new Map();
    this.onChange();
  }

  private patchRemote(userId: string, patch: Partial<TSfuRemote>): void {
    const base = this.remotes.get(userId) ?? { userId, stream: null, state: 'new' as const };
    this.remotes = new Map(this.remotes).set(userId, { ...base, ...patch });
    this.onChange();
  }
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
