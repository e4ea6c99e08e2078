import { afterEach, describe, expect, it, vi } from 'vitest';
import { SequencerWakes } from './tournament-wakes';

describe('SequencerWakes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes at once, then once more for every change within the interval, per tournament', async () => {
    vi.useFakeTimers();
    const woken: number[] = [];
    const wakes = new SequencerWakes((id) => woken.push(id), 500);
    wakes.changed(1);
    await Promise.resolve();
    expect(woken).toEqual([1]);
    // Nine more changes of tournament 1 within the interval, one of tournament 2.
    for (let i = 0; i < 9; i++) wakes.changed(1);
    wakes.changed(2);
    await Promise.resolve();
    expect(woken).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(499);
    expect(woken).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    expect(woken).toEqual([1, 2, 1]);
    // A quiet interval later, a change wakes at once again.
    await vi.advanceTimersByTimeAsync(600);
    wakes.changed(1);
    await Promise.resolve();
    expect(woken).toEqual([1, 2, 1, 1]);
    wakes.stop();
  });

  it('wakes no more once stopped', async () => {
    vi.useFakeTimers();
    const woken: number[] = [];
    const wakes = new SequencerWakes((id) => woken.push(id), 500);
    wakes.changed(1);
    wakes.changed(1);
    wakes.stop();
    await vi.advanceTimersByTimeAsync(1000);
    wakes.changed(1);
    await Promise.resolve();
    expect(woken).toEqual([]);
  });
});
