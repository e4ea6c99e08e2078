import { describe, expect, it } from 'vitest';
import {
  FLOW_SAMPLE_MS,
  FlowWatch,
  isStalledAt,
  nextFlow,
  readFlowSample,
  STALL_MS,
  type TFlowState,
} from './flow-watch';

describe('judging whether media still arrives', () => {
  it('adds up the bytes received by the transport and the inbound streams, and the frames decoded', () => {
    const stats = [
      { id: 'T', type: 'transport', bytesReceived: 1000 },
      { id: 'IA', type: 'inbound-rtp', kind: 'audio', bytesReceived: 300 },
      { id: 'IV', type: 'inbound-rtp', kind: 'video', bytesReceived: 600, framesDecoded: 40 },
      { id: 'OV', type: 'outbound-rtp', kind: 'video', bytesSent: 9999 },
    ];
    expect(readFlowSample(stats, 7)).toEqual({ at: 7, received: 1940 });
  });

  it('is stalled once nothing grew for STALL_MS after something arrived, and flows again when it grows', () => {
    let state: TFlowState | null = null;
    const at = (ms: number, received: number) => (state = nextFlow(state, { at: ms, received }));
    at(0, 100);
    at(500, 200);
    at(1000, 300);
    expect(isStalledAt(state, 1000)).toBe(false);
    at(1500, 300);
    at(2500, 300);
    expect(isStalledAt(state, 2999)).toBe(false);
    at(3000, 300);
    expect(isStalledAt(state, 3000)).toBe(true);
    at(3500, 301);
    expect(isStalledAt(state, 3500)).toBe(false);
  });

  it('does not judge a connection that never carried anything', () => {
    let state: TFlowState | null = null;
    for (let ms = 0; ms <= 10_000; ms += 500) state = nextFlow(state, { at: ms, received: 0 });
    expect(isStalledAt(state, 10_000)).toBe(false);
    expect(isStalledAt(null, 10_000)).toBe(false);
  });
});

describe('FlowWatch', () => {
  function watched() {
    let now = 0;
    let timers: { at: number; run: () => void }[] = [];
    let received = 0;
    const pc = {
      connectionState: 'connected' as RTCPeerConnectionState,
      getStats: () => Promise.resolve(new Map([['T', { id: 'T', type: 'transport', bytesReceived: received }]])),
    };
    const changes: boolean[] = [];
    const watch = new FlowWatch(
      pc as unknown as RTCPeerConnection,
      {
        now: () => now,
        setTimer: (run, ms) => {
          const timer = { at: now + ms, run };
          timers.push(timer);
          return () => void (timers = timers.filter((t) => t !== timer));
        },
      },
      (isStalled) => changes.push(isStalled),
    );
    const settle = async () => {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const elapse = async (ms: number, growth: number) => {
      const until = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= until).sort((x, y) => x.at - y.at)[0];
        if (!next) break;
        now = next.at;
        received += growth;
        timers = timers.filter((t) => t !== next);
        next.run();
        await settle();
      }
      now = until;
    };
    return { pc, watch, changes, elapse, timers: () => timers };
  }

  it('says stalled within STALL_MS and a sample of media stopping, and flowing when it comes back', async () => {
    const w = watched();
    w.watch.update();
    await w.elapse(3_000, 1000);
    expect(w.changes).toEqual([]);
    await w.elapse(STALL_MS - 1, 0);
    expect(w.changes).toEqual([]);
    await w.elapse(FLOW_SAMPLE_MS, 0);
    expect(w.changes).toEqual([true]);
    expect(w.watch.stalled).toBe(true);
    await w.elapse(FLOW_SAMPLE_MS, 1000);
    expect(w.changes).toEqual([true, false]);
  });

  it('stops sampling when the connection is no longer connected, and forgets its figures', async () => {
    const w = watched();
    w.watch.update();
    await w.elapse(2_000, 1000);
    await w.elapse(3_000, 0);
    expect(w.watch.stalled).toBe(true);
    w.pc.connectionState = 'disconnected';
    w.watch.update();
    expect(w.watch.stalled).toBe(false);
    await w.elapse(FLOW_SAMPLE_MS, 0);
    expect(w.timers()).toEqual([]);
    w.watch.dispose();
  });
});
