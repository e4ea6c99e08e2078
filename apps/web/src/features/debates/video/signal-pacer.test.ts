import { describe, expect, it } from 'vitest';
import { SIGNAL_LIMIT, TokenBucket, type TAck, type TRtcSignal } from '@resolved/shared';
import { PACED_SIGNAL_LIMIT, REFUSED_PAUSE_MS, SignalPacer } from './signal-pacer';

/** A clock and timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  return {
    now: () => now,
    setTimeout(run: () => void, ms: number) {
      const id = nextId++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(handle: unknown) {
      pending.delete(handle as number);
    },
    /** Moves the clock on by `ms`, running each timer that comes due, in order. */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((x, y) => x[1].at - y[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
  };
}

const candidate = (n: number): TRtcSignal => ({ type: 'candidate', candidate: { candidate: `c${n}` } }) as TRtcSignal;

/** A server that refuses past SIGNAL_LIMIT, as `debate.signal` does, and records what it took. */
function limitedServer(timers: { now(): number }) {
  const bucket = new TokenBucket(SIGNAL_LIMIT.burst, SIGNAL_LIMIT.perSecond, timers.now());
  const taken: string[] = [];
  let refused = 0;
  const emit = (signal: TRtcSignal, _to: string | undefined, done: (reply: TAck) => void) => {
    if (!bucket.take(timers.now())) {
      refused += 1;
      done({ ok: false, error: { code: 'rate_limited', message: 'Too many connection messages. Wait a moment.' } });
      return;
    }
    taken.push((signal as { candidate: { candidate: string } }).candidate.candidate);
    done({ ok: true, data: undefined });
  };
  return { emit, taken, refused: () => refused };
}

describe('SignalPacer', () => {
  it('sends a burst under the limit at once', () => {
    const timers = manualTimers();
    const server = limitedServer(timers);
    const pacer = new SignalPacer(server.emit, timers);
    for (let i = 0; i < 40; i += 1) pacer.send(candidate(i), 'u1');
    expect(server.taken).toHaveLength(40);
    expect(pacer.waiting).toBe(0);
  });

  it('holds signals past the limit and sends every one, in order, with none refused', () => {
    const timers = manualTimers();
    const server = limitedServer(timers);
    const pacer = new SignalPacer(server.emit, timers);
    const count = 300;
    for (let i = 0; i < count; i += 1) pacer.send(candidate(i), 'u1');
    expect(server.taken).toHaveLength(PACED_SIGNAL_LIMIT.burst);
    expect(pacer.waiting).toBe(count - PACED_SIGNAL_LIMIT.burst);
    timers.advance(5_000);
    expect(server.taken.length).toBeGreaterThanOrEqual(PACED_SIGNAL_LIMIT.burst + 5 * PACED_SIGNAL_LIMIT.perSecond - 1);
    expect(server.taken.length).toBeLessThan(count);
    timers.advance(60_000);
    expect(server.taken).toEqual(Array.from({ length: count }, (_, i) => `c${i}`));
    expect(server.refused()).toBe(0);
  });

  it('sends a refused signal again first, after a pause', () => {
    const timers = manualTimers();
    let refuseNext = true;
    const sent: string[] = [];
    const pacer = new SignalPacer((signal, _to, done) => {
      const name = (signal as { candidate: { candidate: string } }).candidate.candidate;
      if (refuseNext && name === 'c1') {
        refuseNext = false;
        done({ ok: false, error: { code: 'rate_limited', message: 'Too many connection messages.' } });
        return;
      }
      sent.push(name);
      done({ ok: true, data: undefined });
    }, timers);
    pacer.send(candidate(0));
    pacer.send(candidate(1));
    pacer.send(candidate(2));
    expect(sent).toEqual(['c0']);
    timers.advance(REFUSED_PAUSE_MS - 1);
    expect(sent).toEqual(['c0']);
    timers.advance(1);
    expect(sent).toEqual(['c0', 'c1', 'c2']);
  });

  it('drops what waits once closed, and sends nothing more', () => {
    const timers = manualTimers();
    const server = limitedServer(timers);
    const pacer = new SignalPacer(server.emit, timers);
    for (let i = 0; i < PACED_SIGNAL_LIMIT.burst + 10; i += 1) pacer.send(candidate(i));
    pacer.close();
    pacer.send(candidate(999));
    timers.advance(10_000);
    expect(server.taken).toHaveLength(PACED_SIGNAL_LIMIT.burst);
  });

  it('leaves other refusals alone (a signal the server does not route is not sent again)', () => {
    const timers = manualTimers();
    let calls = 0;
    const pacer = new SignalPacer((_signal, _to, done) => {
      calls += 1;
      done({ ok: false, error: { code: 'forbidden', message: 'Not in this round.' } });
    }, timers);
    pacer.send(candidate(0));
    timers.advance(10_000);
    expect(calls).toBe(1);
  });

  it('drops a waiting signal whose connection is gone by its turn, without spending the budget on it', () => {
    const timers = manualTimers();
    const server = limitedServer(timers);
    const pacer = new SignalPacer(server.emit, timers);
    for (let i = 0; i < PACED_SIGNAL_LIMIT.burst; i += 1) pacer.send(candidate(i), 'u1');
    // Past the burst: an old connection's five candidates wait, then the new connection's five.
    let isOldCurrent = true;
    for (let i = 0; i < 5; i += 1) pacer.send(candidate(1000 + i), 'u1', () => isOldCurrent);
    for (let i = 0; i < 5; i += 1) pacer.send(candidate(2000 + i), 'u1', () => true);
    expect(pacer.waiting).toBe(10);
    isOldCurrent = false; // rebuilt meanwhile
    timers.advance(Math.ceil((5 / PACED_SIGNAL_LIMIT.perSecond) * 1000));
    expect(server.taken.slice(PACED_SIGNAL_LIMIT.burst)).toEqual(['c2000', 'c2001', 'c2002', 'c2003', 'c2004']);
    expect(pacer.waiting).toBe(0);
  });
});
