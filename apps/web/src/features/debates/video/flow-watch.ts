/**
 * Whether media still arrives on a connection that says it is connected. ICE notices a dead path only after several
 * seconds (7–8 s in Chromium); what arrives tells sooner: the bytes received on the connection's transport and by its
 * inbound streams, and the video frames decoded, read from `getStats()` every FLOW_SAMPLE_MS. A connection on which
 * none of them has grown for STALL_MS, after they grew once, is stalled (shown as reconnecting, and restarted sooner
 * by `PeerRecovery`). The judgement (`nextFlow`, `isStalledAt`) is pure; `FlowWatch` samples one connection.
 */

/** How often a connected connection's stats are read for it. */
export const FLOW_SAMPLE_MS = 500;
/** How long nothing may arrive on a connection that carried media before it counts as stalled. */
export const STALL_MS = 2_000;

export interface TFlowSample {
  at: number;
  /** Bytes received (transport and inbound streams) plus video frames decoded: it grows while anything arrives. */
  received: number;
}

export interface TFlowState {
  received: number;
  /** When `received` last grew (or when watching began). */
  progressAt: number;
  /** Something arrived since watching began: a connection that never carried anything is not judged. */
  hasFlowed: boolean;
}

type TStat = Record<string, unknown>;

/** One sample from a stats report (an `RTCStatsReport`'s `values()`, or any list of stats objects). */
export function readFlowSample(stats: Iterable<TStat>, at: number): TFlowSample {
  let received = 0;
  for (const s of stats) {
    if (s.type === 'transport' || s.type === 'inbound-rtp') received += Number(s.bytesReceived ?? 0);
    if (s.type === 'inbound-rtp') received += Number(s.framesDecoded ?? 0);
  }
  return { at, received };
}

/** The state after a sample: progress when anything grew since the last one. */
export function nextFlow(state: TFlowState | null, sample: TFlowSample): TFlowState {
  if (!state) return { received: sample.received, progressAt: sample.at, hasFlowed: false };
  if (sample.received > state.received) return { received: sample.received, progressAt: sample.at, hasFlowed: true };
  return { ...state, received: Math.max(state.received, sample.received) };
}

/** Whether the connection counts as stalled at `now`: it carried media once, and nothing grew for STALL_MS. */
export function isStalledAt(state: TFlowState | null, now: number): boolean {
  return !!state && state.hasFlowed && now - state.progressAt >= STALL_MS;
}

/**
 * Samples one connection while it is connected and tells `onChange` when it becomes stalled or flows again. Watching
 * starts afresh each time the connection (re)connects, so a connection coming back is judged on what arrives from then.
 */
export class FlowWatch {
  private state: TFlowState | null = null;
  private isStalled = false;
  private cancelTimer: (() => void) | null = null;
  private isDisposed = false;

  constructor(
    private readonly pc: RTCPeerConnection,
    private readonly clock: { now(): number; setTimer(run: () => void, ms: number): () => void },
    private readonly onChange: (isStalled: boolean) => void,
  ) {}

  /** The connection's state changed: sample while it is connected, and forget the figures otherwise. */
  update(): void {
    if (this.isDisposed) return;
    if (this.pc.connectionState === 'connected') {
      this.schedule();
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.state = null;
    this.set(false);
  }

  get stalled(): boolean {
    return this.isStalled;
  }

  dispose(): void {
    this.isDisposed = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private schedule(): void {
    if (this.cancelTimer) return;
    this.cancelTimer = this.clock.setTimer(() => {
      this.cancelTimer = null;
      void this.sample().finally(() => {
        if (!this.isDisposed && this.pc.connectionState === 'connected') this.schedule();
      });
    }, FLOW_SAMPLE_MS);
  }

  private async sample(): Promise<void> {
    const report = await Promise.resolve()
      .then(() => this.pc.getStats())
      .catch(() => null);
    if (!report || this.isDisposed || this.pc.connectionState !== 'connected') return;
    const now = this.clock.now();
    this.state = nextFlow(this.state, readFlowSample(report.values() as Iterable<TStat>, now));
    this.set(isStalledAt(this.state, now));
  }

  private set(isStalled: boolean): void {
    if (isStalled === this.isStalled) return;
    this.isStalled = isStalled;
    this.onChange(isStalled);
  }
}
