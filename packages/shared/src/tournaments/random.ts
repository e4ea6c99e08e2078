/**
 * A seeded random source, so that a draw can be made again from its seed: the same seed gives the same numbers on
 * every machine. A string seed is hashed to 32 bits (cyrb53's mixing, kept to 32) and drives mulberry32, a small
 * generator that is plenty for shuffling a field and flipping coins (not for secrets).
 */
import type { TRandom } from '../debate/matchmaking.js';

/** A random number in [0, 1) from `seed`; each call moves on, and the same seed always gives the same sequence. */
export function seededRandom(seed: string): TRandom {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  let state = h1 >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new array in a random order (Fisher–Yates) drawn from `random`. */
export function shuffled<T>(items: readonly T[], random: TRandom): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
