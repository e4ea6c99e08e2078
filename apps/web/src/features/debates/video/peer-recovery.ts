/** How long a connection may stay `disconnected` (often a brief network change that heals alone) before ICE restarts. */
export const DISCONNECTED_GRACE_MS = 5_000;
/** How long an ICE restart has to bring a connection back before it is rebuilt from scratch. */
export const RESTART_BOUND_MS = 15_000;
/**
 * How long media may stop arriving on a connection that still says connected (`FlowWatch`: already STALL_MS without
 * anything) before ICE restarts: far sooner than ICE's own `disconnected` (7–8 s) and its grace.
 */
export const STALLED_GRACE_MS = 500;
/**
 * How long a new connection has to connect before the offering side offers a new one: an offer or answer lost on the
 * way, or a connection the other side no longer has. Every connection's start is retried so until it connects.
 */
export const CONNECT_BOUND_MS = 10_000;
/**
 * How long the answering side waits for a connection that never connected before it asks for a new one (a hello):
 * after the offering side's own CONNECT_BOUND_MS, so the two do not cross.
 */
export const CONNECT_ASK_MS = CONNECT_BOUND_MS + 5_000;
/**
 * How long the answering side waits for the offering side to bring a broken connection back before it asks for a
 * new one (a hello to that peer), and again after each ask: longer than the offering side's restart and rebuild, so
 * the two do not cross.
 */
export const ASK_AGAIN_MS = DISCONNECTED_GRACE_MS + RESTART_BOUND_MS + 5_000;

/**
 * A connection's health, from its overall and its ICE state (a browser may move either first), and whether media
 * still arrives on it (`stalled`: connected, yet nothing arrived for a while).
 */
export type TConnectionHealth = 'up' | 'pending' | 'stalled' | 'disconnected' | 'failed';

export function healthOf(pc: RTCPeerConnection, isStalled = false): TConnectionHealth {
  const states = [pc.connectionState, pc.iceConnectionState];
  if (states.includes('failed')) return 'failed';
  if (states.includes('disconnected')) return 'disconnected';
  if (pc.connectionState !== 'connected') return 'pending';
  return isStalled ? 'stalled' : 'up';
}

export interface TRecoveryActions {
  /** The offering side: restart ICE on the same connection (a new offer). */
  restart(): void;
  /** The offering side: the restart did not help; close the connection and offer a new one. */
  rebuild(): void;
  /** The answering side: ask the offering side for a new connection. */
  askAgain(): void;
  /** Whether the connection is negotiated and ICE is still checking it (not stuck before it: it may yet connect). */
  isChecking?(): boolean;
}

/**
 * Watches one peer connection and brings it back when it breaks, without a reload: the side that offers restarts ICE
 * at once when the connection failed, after STALLED_GRACE_MS of media no longer arriving, or after
 * DISCONNECTED_GRACE_MS of `disconnected`, and rebuilds it when the restart has not brought it back within
 * RESTART_BOUND_MS; the side that answers only asks for a new connection, so the pair's offer rules hold. A connection
 * that comes back alone cancels whatever was pending. A new connection that does not connect within CONNECT_BOUND_MS
 * of its last step (`progressed`) is offered again (the answering side asks after CONNECT_ASK_MS), and so on until it
 * connects.
 */
export class PeerRecovery {
  private cancelTimer: (() => void) | null = null;
  private stage: 'connecting' | 'watching' | 'waiting' | 'restarting' = 'connecting';

  constructor(
    private readonly isOfferer: boolean,
    private readonly setTimer: (run: () => void, ms: number) => () => void,
    private readonly actions: TRecoveryActions,
  ) {
    this.scheduleConnect();
  }

  /**
   * A connection coming up moved on a step (its offer or answer set, ICE checking): its connect bound starts again.
   * On a loaded machine each step can take seconds, and a bound counted from the start rebuilt connections that were
   * still coming up, whose successors fared no better (a call of nine never came up). The steps are few, so a
   * connection that stops moving is still retried within a few bounds.
   */
  progressed(): void {
    if (this.stage === 'connecting') this.scheduleConnect();
  }

  private scheduleConnect(): void {
    this.schedule(this.isOfferer ? CONNECT_BOUND_MS : CONNECT_ASK_MS, () => {
      // ICE still checking a negotiated connection (a slow, loaded machine): it gets one more bound before a new one.
      if (this.actions.isChecking?.()) this.schedule(CONNECT_BOUND_MS, () => this.retryStart());
      else this.retryStart();
    });
  }

  update(health: TConnectionHealth): void {
    if (health === 'up') {
      this.clear();
      return;
    }
    // A connection that has not connected yet is retried whole: at once when it failed, else by its connect bound.
    if (this.stage === 'connecting' && health === 'failed') return this.retryStart();
    if (health === 'pending' || this.stage === 'connecting') return;
    if (!this.isOfferer) {
      if (this.stage === 'watching') this.waitThenAsk();
      return;
    }
    if (health === 'failed' && this.stage !== 'restarting') this.restart();
    else if (this.stage === 'watching') {
      this.stage = 'waiting';
      this.schedule(health === 'stalled' ? STALLED_GRACE_MS : DISCONNECTED_GRACE_MS, () => this.restart());
    }
  }

  /** The connection is gone (closed, replaced, the call ended): nothing more to do for it. */
  dispose(): void {
    this.clear();
  }

  /** The connection never came up: the offering side offers a new one, the answering side asks for one. */
  private retryStart(): void {
    this.clear();
    if (this.isOfferer) return this.actions.rebuild();
    // The offering side answers a hello with a new connection (and this recovery with it); until then, ask again.
    this.stage = 'connecting';
    this.schedule(CONNECT_ASK_MS, () => this.retryStart());
    this.actions.askAgain();
  }

  private restart(): void {
    this.stage = 'restarting';
    this.schedule(RESTART_BOUND_MS, () => {
      this.stage = 'watching';
      this.actions.rebuild();
    });
    this.actions.restart();
  }

  private waitThenAsk(): void {
    this.stage = 'waiting';
    this.schedule(ASK_AGAIN_MS, () => {
      this.actions.askAgain();
      this.waitThenAsk();
    });
  }

  private schedule(ms: number, run: () => void): void {
    this.cancelTimer?.();
    this.cancelTimer = this.setTimer(() => {
      this.cancelTimer = null;
      run();
    }, ms);
  }

  private clear(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.stage = 'watching';
  }
}

/** The DTLS fingerprint an SDP names: the same one in a new offer means the same connection of the peer renegotiates. */
export function fingerprintOf(sdp: string | undefined): string | null {
  return /^a=fingerprint:(.+)$/m.exec(sdp ?? '')?.[1]?.trim() ?? null;
}
