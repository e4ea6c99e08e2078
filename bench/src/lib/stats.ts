/** Order statistics over a sample (nearest-rank percentiles) and the median of repeated rounds. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The per-field median of several rounds of the same measurement. */
export function medianOf<T extends Record<string, number>>(rounds: readonly T[]): T {
  const keys = Object.keys(rounds[0] ?? {}) as (keyof T)[];
  return Object.fromEntries(keys.map((k) => [k, median(rounds.map((r) => r[k]))])) as T;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true; throws after `timeoutMs` saying what was awaited. */
export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}
