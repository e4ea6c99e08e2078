import { describe, expect, it } from 'vitest';
import { createClock, pause, startPrep, startSpeech } from './clock.js';
import { allowedClockActions, clockRefusal } from './clock-rules.js';

const aff = { side: 'a' as const, isJudge: false };
const neg = { side: 'b' as const, isJudge: false };
const judge = { side: null, isJudge: true };
const spectator = { side: null, isJudge: false };

describe('clock rules', () => {
  it('lets only the speaker start, end and pause their own speech', () => {
    const idle = createClock('ld');
    expect(allowedClockActions('ld', idle, aff, 0)).toEqual(['start_speech', 'start_prep']);
    expect(allowedClockActions('ld', idle, neg, 0)).toEqual(['start_prep']);
    expect(clockRefusal('ld', idle, neg, 'start_speech')).toBe('The Affirmative starts and ends this speech.');
    const ac = startSpeech(idle, 1000);
    expect(allowedClockActions('ld', ac, aff, 2000)).toEqual(['end_speech', 'pause']);
    // The other debater cannot pause the speaker.
    expect(allowedClockActions('ld', ac, neg, 2000)).toEqual([]);
    expect(clockRefusal('ld', ac, neg, 'pause')).toBe('Only the Affirmative can pause or resume this speech.');
    const paused = pause(ac, 3000);
    expect(allowedClockActions('ld', paused, aff, 4000)).toEqual(['end_speech', 'resume']);
    expect(allowedClockActions('ld', paused, neg, 4000)).toEqual([]);
  });

  it('shares cross-examination between the debaters', () => {
    const cx = startSpeech({ ...createClock('ld'), speechIndex: 1 }, 0);
    expect(allowedClockActions('ld', cx, aff, 1)).toEqual(['end_speech', 'pause']);
    expect(allowedClockActions('ld', cx, neg, 1)).toEqual(['end_speech', 'pause']);
  });

  it('gives prep to its owner: only they end or pause it, and the speaker waits for it', () => {
    const prep = startPrep({ ...createClock('ld'), speechIndex: 2 }, 'b', 0);
    expect(allowedClockActions('ld', prep, neg, 1)).toEqual(['start_speech', 'end_prep', 'pause']);
    expect(allowedClockActions('ld', prep, aff, 1)).toEqual([]);
    expect(clockRefusal('ld', prep, aff, 'pause')).toBe('Only the side taking prep can pause it.');
  });

  it('lets the judge pause and resume only, and nobody else touch the clock', () => {
    const ac = startSpeech(createClock('ld'), 0);
    expect(allowedClockActions('ld', ac, judge, 1)).toEqual(['pause']);
    expect(allowedClockActions('ld', pause(ac, 1), judge, 2)).toEqual(['resume']);
    expect(allowedClockActions('ld', ac, spectator, 1)).toEqual([]);
    expect(clockRefusal('ld', ac, spectator, 'pause')).toBe('Only the debaters can run the clock.');
  });
});

describe('clock rules in a round of teams (by speaker position)', () => {
  const at = (speechIndex: number) => ({ ...createClock('pf'), speechIndex });
  const seat = (side: 'a' | 'b', position: string | null) => ({ side, position, isJudge: false });
  const runners = (speechIndex: number) =>
    [seat('a', 'first'), seat('a', 'second'), seat('b', 'first'), seat('b', 'second')]
      .filter((role) => clockRefusal('pf', at(speechIndex), role, 'start_speech') === null)
      .map((role) => `${role.side}:${role.position}`);

  it('lets only the speech’s speaker start it, the crossfires their participants, the grand crossfire all four', () => {
    expect(runners(0)).toEqual(['a:first']); // Pro Constructive
    expect(runners(1)).toEqual(['b:first']); // Con Constructive
    expect(runners(2)).toEqual(['a:first', 'b:first']); // First Crossfire
    expect(runners(3)).toEqual(['a:second']); // Pro Rebuttal
    expect(runners(5)).toEqual(['a:second', 'b:second']); // Second Crossfire
    expect(runners(8)).toEqual(['a:first', 'a:second', 'b:first', 'b:second']); // Grand Crossfire
    expect(runners(9)).toEqual(['a:second']); // Pro Final Focus
  });

  it('names who runs it when it refuses a partner', () => {
    expect(clockRefusal('pf', at(0), seat('a', 'second'), 'start_speech')).toBe(
      'Only the Pro first speaker runs this speech.',
    );
    expect(clockRefusal('pf', at(2), seat('a', 'second'), 'start_speech')).toBe(
      'Only the Pro first speaker and Con first speaker run this speech.',
    );
    const running = startSpeech(at(0), 0);
    expect(clockRefusal('pf', running, seat('a', 'second'), 'end_speech')).toBe(
      'Only the Pro first speaker runs this speech.',
    );
    expect(clockRefusal('pf', running, seat('a', 'second'), 'pause')).toBe(
      'Only the Pro first speaker can pause or resume this speech.',
    );
  });

  it('keeps a side of one running every speech of its side, with the words it always had', () => {
    expect(runners(0)).not.toContain('a:null');
    expect(clockRefusal('pf', at(3), seat('a', null), 'start_speech')).toBeNull();
    expect(clockRefusal('pf', at(1), seat('a', null), 'start_speech')).toBe('The Con starts and ends this speech.');
  });

  it('lets any member of a team take, end and pause its prep', () => {
    const prep = startPrep(at(1), 'a', 0);
    expect(clockRefusal('pf', prep, seat('a', 'second'), 'end_prep')).toBeNull();
    expect(clockRefusal('pf', prep, seat('b', 'second'), 'end_prep')).toBe('Only the side taking prep can end it.');
  });
});
