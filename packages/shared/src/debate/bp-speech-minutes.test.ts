/**
 * British Parliamentary's speech length as a round's choice (issue 41): seven minutes or five, read by the clock,
 * protected POI time, the award rules' share of speech time, and the queue's lanes.
 */
import { describe, expect, it } from 'vitest';
import { FORMATS, roundFormatOf, speechesOf } from '../formats.js';
import { scheduledSpeechMs, spokenIncrement } from './awards.js';
import { createClock, displayAt, startSpeech } from './clock.js';
import { poiRefusal } from './poi.js';
import { matchTeamQueue, roundShapeOf, type TTeamQueueEntry } from './team-matchmaking.js';

describe('a BP round of five-minute speeches', () => {
  it('reads five-minute speeches for BP only, and the format’s own for any other length or format', () => {
    expect(speechesOf('bp', 'a', 5).map((s) => s.minutes)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(speechesOf('bp', 'a', 5).map((s) => s.id)).toEqual(speechesOf('bp', 'a').map((s) => s.id));
    expect(speechesOf('bp', 'a').map((s) => s.minutes)).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    expect(roundFormatOf('bp', 6)).toBe(FORMATS.bp);
    expect(roundFormatOf('parli', 5)).toBe(FORMATS.parli);
    expect(roundFormatOf('bp', 5)).toBe(roundFormatOf('bp', 5));
  });

  it('times each speech at five minutes, the last minute protected from 4:00', () => {
    const clock = startSpeech(createClock('bp', { speechMinutes: 5 }), 0);
    expect(clock.speechMinutes).toBe(5);
    expect(displayAt(clock, 1000)).toMatchObject({ durationMs: 300_000, remainingMs: 299_000 });
    expect(displayAt(clock, 239_000).poi).toEqual({ isProtected: false, isOpen: true });
    expect(displayAt(clock, 240_000).poi).toEqual({ isProtected: true, isOpen: false });
    const seven = startSpeech(createClock('bp'), 0);
    expect(displayAt(seven, 240_000).poi).toEqual({ isProtected: false, isOpen: true });
  });

  it('refuses a point of information in the first and last minute of five, from the other bench', () => {
    const clock = startSpeech(createClock('bp', { speechMinutes: 5 }), 0);
    expect(poiRefusal('bp', clock, 30_000, 'b', 'poi')).toMatch(/^Protected time/);
    expect(poiRefusal('bp', clock, 90_000, 'b', 'poi')).toBeNull();
    expect(poiRefusal('bp', clock, 250_000, 'b', 'poi')).toMatch(/^Protected time/);
    expect(poiRefusal('bp', clock, 301_000, 'b', 'poi')).toMatch(/time is up/);
    expect(poiRefusal('bp', startSpeech(createClock('bp'), 0), 250_000, 'b', 'poi')).toBeNull();
  });

  it('measures the award rules’ share and a speech’s counted time on five minutes', () => {
    expect(scheduledSpeechMs('bp', 5)).toBe(8 * 5 * 60_000);
    expect(scheduledSpeechMs('bp')).toBe(8 * 7 * 60_000);
    expect(spokenIncrement(startSpeech(createClock('bp', { speechMinutes: 5 }), 0), 400_000)).toBe(300_000);
  });
});

describe('the BP queue’s lanes by speech length', () => {
  let id = 1;
  const solo = (userId: string, lane: string): TTeamQueueEntry => ({
    id: id++,
    formatId: 'bp',
    mode: 'solo',
    userIds: [userId],
    createdAt: new Date(1_750_000_000_000 + id * 1000).toISOString(),
    lane,
  });

  it('never puts debaters of different lengths in one room', () => {
    const entries = [
      ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'].map((u) => solo(u, '5')),
      ...['b1', 'b2', 'b3', 'b4'].map((u) => solo(u, '7')),
    ];
    const options = { random: () => 0.5, shapeOf: roundShapeOf };
    expect(matchTeamQueue(entries, options).rounds).toEqual([]);
    const { rounds, unmatched } = matchTeamQueue([...entries, solo('a8', '5')], options);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.sides.flatMap((s) => s.userIds).sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8']);
    expect(unmatched.map((e) => e.userIds[0]).sort()).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});
