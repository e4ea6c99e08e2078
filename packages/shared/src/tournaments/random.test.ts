import { describe, expect, it } from 'vitest';
import { seededRandom, shuffled } from './random.js';

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom('spring-open:r3');
    const b = seededRandom('spring-open:r3');
    const c = seededRandom('spring-open:r4');
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    for (const n of seqA) expect(n >= 0 && n < 1).toBe(true);
  });

  it('spreads its numbers evenly enough to shuffle a field', () => {
    const random = seededRandom('spread');
    const buckets = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) buckets[Math.floor(random() * 4)]!++;
    for (const count of buckets) expect(count).toBeGreaterThan(900);
  });
});

describe('shuffled', () => {
  it('returns a reordering of the same items and leaves the input alone', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const out = shuffled(items, seededRandom('x'));
    expect([...out].sort()).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(shuffled(items, seededRandom('x'))).toEqual(out);
  });
});
