import { describe, expect, it } from 'vitest';
import { createClock, displayAt, type TClockState } from '@resolved/shared';
import { compactPhaseTitle, phaseTitle } from './clock-face';

const at = (clock: TClockState) => ({
  title: phaseTitle(clock, displayAt(clock, 0)),
  compact: compactPhaseTitle(clock, displayAt(clock, 0)),
});

describe('the clock’s heading', () => {
  it('names a British Parliamentary speech by its team, not its bench', () => {
    const clock = createClock('bp');
    // Before the first speech (the motion's prep over): the Prime Minister's, of Opening Government.
    expect(at({ ...clock, phase: 'idle', speechIndex: 0 })).toEqual({
      title: 'Next: Prime Minister (Opening Government)',
      compact: 'Next: PM · Opening Government',
    });
    expect(at({ ...clock, phase: 'idle', speechIndex: 1 }).title).toBe(
      'Next: Leader of the Opposition (Opening Opposition)',
    );
    // The closing teams sit on the same benches: their speeches say which team.
    expect(at({ ...clock, phase: 'speech', speechIndex: 4, isPaused: true })).toEqual({
      title: 'Member of the Government (Closing Government)',
      compact: 'MG · Closing Government',
    });
    expect(at({ ...clock, phase: 'idle', speechIndex: 7 }).title).toBe('Next: Opposition Whip (Closing Opposition)');
  });

  it('keeps the two-sided formats’ words', () => {
    expect(at({ ...createClock('parli'), phase: 'idle', speechIndex: 0 })).toEqual({
      title: 'Next: Prime Minister Constructive (Government)',
      compact: 'Next: PMC · Government',
    });
    expect(at({ ...createClock('ld'), phase: 'idle', speechIndex: 0 }).title).toBe('Next: Affirmative Constructive');
  });
});
