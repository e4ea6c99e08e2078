import { describe, expect, it } from 'vitest';
import { CONNECT_ASK_MS, CONNECT_BOUND_MS, PeerRecovery } from './peer-recovery';

/** Timers the test moves by hand, and what the recovery asked for. */
function harness(isOfferer: boolean) {
  let now = 0;
  const timers: { at: number; run: () => void; isCancelled: boolean }[] = [];
  const done: string[] = [];
  const recovery = new PeerRecovery(
    isOfferer,
    (run, ms) => {
      const timer = { at: now + ms, run, isCancelled: false };
      timers.push(timer);
      return () => void (timer.isCancelled = true);
    },
    { restart: () => done.push('restart'), rebuild: () => done.push('rebuild'), askAgain: () => done.push('ask') },
  );
  const elapse = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => !t.isCancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      due.isCancelled = true;
      now = due.at;
      due.run();
    }
    now = end;
  };
  return { recovery, done, elapse };
}

describe('PeerRecovery while a connection comes up', () => {
  it('rebuilds a new connection that made no step within the connect bound', () => {
    const t = harness(true);
    t.elapse(CONNECT_BOUND_MS - 1);
    expect(t.done).toEqual([]);
    t.elapse(1);
    expect(t.done).toEqual(['rebuild']);
  });

  it('starts the bound again at each step, so a slow connection still coming up is not rebuilt under it', () => {
    const t = harness(true);
    // Offer set after 8 s, answer after 8 more, ICE checking after 8 more: 24 s in all, never 10 s without a step.
    for (let step = 0; step < 3; step += 1) {
      t.elapse(CONNECT_BOUND_MS - 2_000);
      t.recovery.progressed();
    }
    expect(t.done).toEqual([]);
    t.recovery.update('up');
    t.elapse(CONNECT_BOUND_MS * 5);
    expect(t.done).toEqual([]);
  });

  it('still retries one that stopped moving, and a step of a connection already up changes nothing', () => {
    const t = harness(false);
    t.elapse(CONNECT_ASK_MS - 1_000);
    t.recovery.progressed();
    t.elapse(CONNECT_ASK_MS);
    expect(t.done).toEqual(['ask']);
    t.recovery.update('up');
    t.recovery.progressed();
    t.elapse(CONNECT_ASK_MS * 3);
    expect(t.done).toEqual(['ask']);
  });
});
