import { describe, expect, it } from 'vitest';
import { newerDebate } from './snapshots.js';
import { createClock } from './clock.js';
import type { TDebate } from './protocol.js';

const round = (patch: Partial<TDebate>): TDebate =>
  ({
    id: 7,
    revision: 1,
    clockVersion: 0,
    clock: createClock('ld'),
    recordConsent: { a: false, b: false },
    minors: { hasMinor: false, coachIds: [] },
    spectatorWatch: { a: true, b: true, isAllowed: true },
    evidencePublic: false,
    isReplayPrivate: false,
    ...patch,
  }) as TDebate;

describe('newerDebate', () => {
  it('keeps the newer snapshot when an older answer arrives after it', () => {
    const both = round({ revision: 3, recordConsent: { a: true, b: true } });
    const onlyA = round({ revision: 2, recordConsent: { a: true, b: false } });
    expect(newerDebate(both, onlyA)).toBe(both);
    expect(newerDebate(onlyA, both)).toBe(both);
  });

  it('takes the arriving snapshot on a tie, and any snapshot of another round or when there is none', () => {
    const a = round({ revision: 2 });
    const b = round({ revision: 2, evidencePublic: true });
    expect(newerDebate(a, b)).toBe(b);
    expect(newerDebate(null, a)).toBe(a);
    const other = round({ id: 8, revision: 0 });
    expect(newerDebate(a, other)).toBe(other);
  });

  it('keeps the newer clock from either snapshot (clock changes arrive on their own)', () => {
    const ticked = round({ revision: 2, clockVersion: 5, clock: { ...createClock('ld'), speechIndex: 3 } });
    const newerRound = round({ revision: 3, clockVersion: 4, isReplayPrivate: true });
    const shown = newerDebate(ticked, newerRound);
    expect(shown.isReplayPrivate).toBe(true);
    expect(shown.clockVersion).toBe(5);
    expect(shown.clock.speechIndex).toBe(3);
  });
});
