/**
 * The size of an elimination bracket: the break seeded into a bracket whose size is the next power of two (a partial
 * break, say 12 entrants in a bracket of 16, gives the top seeds byes), and how many rounds that takes. The bracket
 * itself is `brackets-manager`'s, stored and advanced by the server (`tournament-bracket.ts`).
 */

/** The smallest power of two that holds `breakSize` entrants (at least 2). */
export function bracketSizeFor(breakSize: number): number {
  let size = 2;
  while (size < breakSize) size *= 2;
  return size;
}

/** How many elimination rounds a break of `breakSize` has: 0 without a break, 1 for 2, 2 for 3–4, 3 for 5–8… */
export function eliminationRoundsFor(breakSize: number): number {
  if (breakSize < 2) return 0;
  return Math.log2(bracketSizeFor(breakSize));
}
