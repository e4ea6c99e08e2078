import { describe, expect, it } from 'vitest';
import { FORMATS } from '../formats.js';
import {
  ClockError,
  createClock,
  displayAt,
  endPrep,
  endSpeech,
  formatClock,
  hasPrepAhead,
  pause,
  prepRemainingAt,
  resume,
  startPrep,
  startSpeech,
  timeSignalOf,
  TIME_SIGNAL_TEXT,
  type TClockState,
} from './clock.js';

const T0 = 1_750_000_000_000;
const s = (seconds: number) => T0 + seconds * 1000;

function expectClockError(fn: () => unknown, code: string) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ClockError);
    expect((error as ClockError).code).toBe(code);
    return;
  }
  throw new Error(`expected ClockError ${code}`);
}

describe('createClock', () => {
  it('takes the prep defaults from the format module', () => {
    expect(createClock('ld').prepRemainingMs).toEqual({ a: 4 * 60_000, b: 4 * 60_000 });
    expect(createClock('pf').prepRemainingMs).toEqual({ a: 3 * 60_000, b: 3 * 60_000 });
    expect(createClock('parli').prepRemainingMs).toEqual({ a: 20 * 60_000, b: 20 * 60_000 });
  });

  it('clamps configured prep to the format range', () => {
    expect(createClock('ld', { prepMinutes: 5 }).prepRemainingMs.a).toBe(5 * 60_000);
    expect(createClock('ld', { prepMinutes: 9 }).prepRemainingMs.a).toBe(FORMATS.ld.prep.maxMinutes * 60_000);
    expect(createClock('parli', { prepMinutes: 1 }).prepRemainingMs.a).toBe(15 * 60_000);
  });
});

describe('speeches', () => {
  it('runs the LD speeches in order and finishes after the 2AR', () => {
    let state = createClock('ld');
    const order: string[] = [];
    for (let i = 0; i < FORMATS.ld.speeches.length; i++) {
      state = startSpeech(state, s(i * 1000));
      order.push(displayAt(state, s(i * 1000)).speech!.short);
      state = endSpeech(state, s(i * 1000 + 10));
    }
    expect(order).toEqual(['AC', 'CX', 'NC', 'CX', '1AR', 'NR', '2AR']);
    expect(state.phase).toBe('finished');
    expectClockError(() => startSpeech(state, s(99_999)), 'round_finished');
  });

  it('shows remaining time, then overtime', () => {
    const state = startSpeech(createClock('ld'), T0);
    expect(displayAt(state, s(60))).toMatchObject({ durationMs: 360_000, remainingMs: 300_000, isOvertime: false });
    expect(displayAt(state, s(372))).toMatchObject({ remainingMs: 0, overtimeMs: 12_000, isOvertime: true });
    expect(displayAt(state, s(372)).grace).toBeUndefined();
  });

  it('refuses a second start and an end without a speech', () => {
    const state = startSpeech(createClock('ld'), T0);
    expectClockError(() => startSpeech(state, s(1)), 'not_idle');
    expectClockError(() => endSpeech(createClock('ld'), T0), 'not_in_speech');
  });
});

describe('pause and resume', () => {
  it('freezes elapsed time while paused and continues after resume', () => {
    let state = startSpeech(createClock('pf'), T0);
    state = pause(state, s(30));
    expect(displayAt(state, s(500)).elapsedMs).toBe(30_000);
    expect(displayAt(state, s(500)).isPaused).toBe(true);
    expectClockError(() => pause(state, s(501)), 'already_paused');
    state = resume(state, s(600));
    expect(displayAt(state, s(610)).elapsedMs).toBe(40_000);
    expect(displayAt(state, s(610)).remainingMs).toBe(4 * 60_000 - 40_000);
    expectClockError(() => resume(state, s(611)), 'not_paused');
  });

  it('has nothing to pause between speeches', () => {
    expectClockError(() => pause(createClock('ld'), T0), 'nothing_to_pause');
  });
});

describe('prep pools', () => {
  it('charges each side its own prep in LD', () => {
    let state = startSpeech(createClock('ld'), T0);
    state = endSpeech(state, s(360));
    state = startPrep(state, 'b', s(360));
    expect(prepRemainingAt(state, s(390))).toEqual({ a: 240_000, b: 210_000 });
    state = endPrep(state, s(420));
    expect(state.prepRemainingMs).toEqual({ a: 240_000, b: 180_000 });
    expect(state.phase).toBe('idle');
    state = startPrep(state, 'a', s(500));
    state = pause(state, s(510));
    state = resume(state, s(900));
    expect(displayAt(state, s(905))).toMatchObject({ phase: 'prep', prepTaker: 'a', remainingMs: 225_000 });
    state = endPrep(state, s(905));
    expect(state.prepRemainingMs).toEqual({ a: 225_000, b: 180_000 });
  });

  it('never charges below zero and refuses prep once a pool is empty', () => {
    let state = startPrep(createClock('ld', { prepMinutes: 3 }), 'a', T0);
    expect(displayAt(state, s(200))).toMatchObject({ remainingMs: 0, overtimeMs: 20_000, isOvertime: true });
    state = endPrep(state, s(200));
    expect(state.prepRemainingMs.a).toBe(0);
    expectClockError(() => startPrep(state, 'a', s(201)), 'no_prep_left');
    expect(startPrep(state, 'b', s(201)).prepTaker).toBe('b');
  });

  it('starting a speech ends the running prep and charges it', () => {
    let state = startPrep(createClock('pf'), 'a', T0);
    state = startSpeech(state, s(45));
    expect(state.prepRemainingMs).toEqual({ a: 135_000, b: 180_000 });
    expect(state.phase).toBe('speech');
    expect(displayAt(state, s(45)).elapsedMs).toBe(0);
  });

  it('refuses prep during a speech', () => {
    expectClockError(() => startPrep(startSpeech(createClock('pf'), T0), 'a', s(1)), 'not_idle');
  });

  it('parli prep is one shared block before the first speech only', () => {
    let state = startPrep(createClock('parli'), 'b', T0);
    expect(state.prepTaker).toBe('both');
    expect(prepRemainingAt(state, s(600))).toEqual({ a: 600_000, b: 600_000 });
    state = startSpeech(state, s(1200));
    expect(state.prepRemainingMs).toEqual({ a: 0, b: 0 });
    state = endSpeech(state, s(1620));
    expectClockError(() => startPrep(state, 'a', s(1621)), 'prep_not_allowed');
  });

  it('has parli prep ahead only until the first speech starts; per-side prep until the round ends', () => {
    const parli = createClock('parli');
    expect(hasPrepAhead(parli)).toBe(true);
    expect(hasPrepAhead(startPrep(parli, 'a', T0))).toBe(true);
    const pmc = startSpeech(parli, T0);
    expect(hasPrepAhead(pmc)).toBe(false);
    expect(hasPrepAhead(endSpeech(pmc, s(420)))).toBe(false);
    let ld = startSpeech(createClock('ld'), T0);
    expect(hasPrepAhead(ld)).toBe(true);
    for (let i = 0; i < FORMATS.ld.speeches.length; i++) {
      if (i > 0) ld = startSpeech(ld, s(i));
      ld = endSpeech(ld, s(i));
    }
    expect(ld.phase).toBe('finished');
    expect(hasPrepAhead(ld)).toBe(false);
  });
});

describe('parliamentary protected time, POI and grace', () => {
  const pmc = () => startSpeech(createClock('parli'), T0);

  it('protects the first and last minute of a constructive and opens POIs in between', () => {
    expect(displayAt(pmc(), s(30)).poi).toEqual({ isOpen: false, isProtected: true });
    expect(displayAt(pmc(), s(60)).poi).toEqual({ isOpen: true, isProtected: false });
    expect(displayAt(pmc(), s(359)).poi).toEqual({ isOpen: true, isProtected: false });
    expect(displayAt(pmc(), s(360)).poi).toEqual({ isOpen: false, isProtected: true });
  });

  it('shows the 30 second grace after time expires', () => {
    expect(displayAt(pmc(), s(420)).grace).toEqual({ isInGrace: false, remainingMs: 30_000 });
    expect(displayAt(pmc(), s(430)).grace).toEqual({ isInGrace: true, remainingMs: 20_000 });
    const late = displayAt(pmc(), s(455));
    expect(late.grace).toEqual({ isInGrace: false, remainingMs: 0 });
    expect(late).toMatchObject({ isOvertime: true, overtimeMs: 35_000 });
    expect(late.poi?.isOpen).toBe(false);
  });

  it('has no POIs in rebuttals', () => {
    let state: TClockState = createClock('parli');
    for (let i = 0; i < 4; i++) state = endSpeech(startSpeech(state, T0), T0);
    state = startSpeech(state, s(100));
    expect(displayAt(state, s(200)).speech?.short).toBe('LOR');
    expect(displayAt(state, s(200)).poi).toBeUndefined();
  });
});

describe('formatClock', () => {
  it('rounds up to whole seconds', () => {
    expect(formatClock(360_000)).toBe('6:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(9_000)).toBe('0:09');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('timeSignalOf', () => {
  it('gives the 1-minute, 30-second and time-up cues of a running speech, and nothing between speeches', () => {
    const speech = startSpeech(createClock('ld'), 0);
    const at = (ms: number) => timeSignalOf(displayAt(speech, ms));
    expect(at(4 * 60_000)).toBeNull();
    expect(at(5 * 60_000 + 1)).toBe('one_minute');
    expect(at(5 * 60_000 + 30_001)).toBe('thirty_seconds');
    expect(at(6 * 60_000)).toBe('time_up');
    expect(at(6 * 60_000 + 10_000)).toBe('time_up');
    expect(timeSignalOf(displayAt(createClock('ld'), 0))).toBeNull();
    expect(TIME_SIGNAL_TEXT.time_up).toBe('Time’s up');
  });
});
