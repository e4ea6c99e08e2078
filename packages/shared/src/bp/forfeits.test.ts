import { describe, expect, it } from 'vitest';
import { speechesOf } from '../formats.js';
import { awardsFor } from '../debate/awards.js';
import { createClock, skipSpeeches } from '../debate/clock.js';
import { bpForfeitOutcome, isForfeitedSpeech, nextForfeitPlace, remainingBpPositions } from './forfeits.js';

describe('forfeits in a BP room, per team', () => {
  it('gives the first team to forfeit fourth place, the next third, then second', () => {
    expect(nextForfeitPlace({})).toBe(4);
    expect(nextForfeitPlace({ cg: 4 })).toBe(3);
    expect(nextForfeitPlace({ cg: 4, og: 3 })).toBe(2);
  });

  it('goes on while two teams remain, and decides the room with the last team first', () => {
    expect(bpForfeitOutcome({ cg: 4 })).toEqual({ kind: 'continues' });
    expect(bpForfeitOutcome({ cg: 4, og: 3 })).toEqual({ kind: 'continues' });
    expect(bpForfeitOutcome({ cg: 4, og: 3, co: 2 })).toEqual({
      kind: 'decided',
      ranks: { og: 3, oo: 1, cg: 4, co: 2 },
    });
    expect(bpForfeitOutcome({ cg: 4, og: 3, co: 2, oo: 1 })).toBeNull();
    expect(remainingBpPositions({ cg: 4, og: 3 })).toEqual(['lo', 'dlo', 'mo', 'ow']);
  });

  it('skips the forfeited team’s speeches on the clock, finishing the round past the last', () => {
    const forfeits = { og: 4 } as const;
    const speeches = speechesOf('bp', 'a');
    expect(speeches.filter((s) => isForfeitedSpeech(s, forfeits)).map((s) => s.id)).toEqual(['pm', 'dpm']);
    const clock = createClock('bp');
    expect(skipSpeeches(clock, (s) => isForfeitedSpeech(s, forfeits)).speechIndex).toBe(1);
    const atDpm = { ...clock, speechIndex: 2 };
    expect(skipSpeeches(atDpm, (s) => isForfeitedSpeech(s, forfeits)).speechIndex).toBe(3);
    const atOw = { ...clock, speechIndex: 7 };
    expect(skipSpeeches(atOw, (s) => isForfeitedSpeech(s, { co: 4 }))).toMatchObject({
      phase: 'finished',
      speechIndex: 8,
    });
    // A running speech is left to the caller; with no forfeits nothing is skipped.
    expect(skipSpeeches({ ...clock, phase: 'speech' }, () => true).speechIndex).toBe(0);
    expect(speeches.some((s) => isForfeitedSpeech(s, {}))).toBe(false);
  });

  it('measures a room that played on against the speeches due: those of the teams that stayed', () => {
    const facts = {
      debateId: 9,
      formatId: 'bp' as const,
      ending: 'judged' as const,
      winnerSide: null,
      spokenMs: 25 * 60_000,
      wasForfeiterPresent: true,
      wasJudgeSeatedBeforeSpeeches: true,
      pairRoundsInWindow: 0,
      judgePairRoundsInWindow: 0,
    };
    // 25 minutes of 56 is 44%: not counted; of the 42 due after one forfeit, 60%: counted.
    expect(awardsFor(facts).notCounted).toMatchObject({ rule: 'speech_share' });
    expect(awardsFor({ ...facts, speechShareDue: 3 / 4 })).toMatchObject({ isRated: true, notCounted: null });
    // A five-minute room's 25 minutes are 62% of its 40.
    expect(awardsFor({ ...facts, speechMinutes: 5 }).notCounted).toBeNull();
  });
});
