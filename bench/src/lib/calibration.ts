/**
 * The machine's speed, measured in the run: a fixed piece of CPU work (JSON round-trips and SHA-256 of a
 * leaderboard-sized document), the same every run, timed as the median of five rounds. Printed beside every
 * absolute budget so that a reader can tell a slow or busy machine from slow code; lower is faster.
 */
import { createHash } from 'node:crypto';
import { median } from './stats';

const ITERATIONS = 1000;
const ROUNDS = 5;

/** A first leaderboard page's worth of JSON (100 entries), built the same way every run. */
const DOCUMENT = {
  total: 100_000,
  entries: Array.from({ length: 100 }, (_, i) => ({
    rank: i + 1,
    id: `${i}`.padStart(32, '0'),
    displayName: `Debater ${i}`,
    score: 5000 - i * 5,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  })),
};

/** Milliseconds for the fixed work (median of five rounds); the checksum keeps the work from being optimised away. */
export function calibrate(): number {
  const times: number[] = [];
  let checksum = 0;
  // One round more than measured: the first warms the JIT and is dropped.
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < ITERATIONS; i++) {
      const text = JSON.stringify(DOCUMENT);
      const parsed = JSON.parse(text) as typeof DOCUMENT;
      checksum ^= createHash('sha256').update(text).digest()[0]! ^ parsed.entries.length;
    }
    if (round > 0) times.push(performance.now() - started);
  }
  if (checksum < 0) throw new Error('unreachable');
  return median(times);
}

export const CALIBRATION_TEXT = `calibration loop (${ITERATIONS} JSON round-trips + SHA-256 of a 100-entry page, median of ${ROUNDS})`;
