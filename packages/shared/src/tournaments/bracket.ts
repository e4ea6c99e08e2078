/**
 * The elimination bracket as plain data: the break seeded 1 v N by the standings into a bracket whose size is the
 * next power of two (a partial break, say 12 entrants in a bracket of 16, gives the top seeds byes), in bracket
 * order so that seeds 1 and 2 can meet only in the final, and winners advanced round by round to a champion.
 *
 * The seeding order is the standard one (1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, …), which is also
 * `brackets-manager`'s default for single elimination (`inner_outer`), so the server can store and draw the bracket
 * with it from these matches.
 */

export interface TBracketMatch {
  /** 1 is the first elimination round; the last round has the final. */
  round: number;
  /** Position within its round, top to bottom; its winner goes to match `index >> 1` of the next round. */
  index: number;
  /** The seeds that can reach each slot in round 1 (null: no entrant for that seed, a bye); later rounds: null. */
  seeds: [number | null, number | null];
  entrants: [string | null, string | null];
  winner: string | null;
  /** A round-1 match with one entrant: they advance without debating. */
  isBye: boolean;
}

export interface TBracket {
  /** A power of two: 2, 4, 8, 16, … */
  size: number;
  rounds: TBracketMatch[][];
}

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

/** Seeds in bracket order for a bracket of `size`: for 8, [1, 8, 4, 5, 2, 7, 3, 6]. */
export function seedOrder(size: number): number[] {
  let order = [1, 2];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

function withAdvance(rounds: TBracketMatch[][], match: TBracketMatch, winner: string): void {
  match.winner = winner;
  const next = rounds[match.round]?.[match.index >> 1];
  if (next) next.entrants[match.index & 1] = winner;
}

/**
 * The bracket of a break: `seededIds` best first (seed 1 first), at least 2. Round 1's byes are advanced at once.
 */
export function seedBracket(seededIds: readonly string[]): TBracket {
  if (seededIds.length < 2) throw new RangeError('A break needs at least 2 entrants.');
  if (new Set(seededIds).size !== seededIds.length) throw new RangeError('An entrant is listed twice in the break.');
  const size = bracketSizeFor(seededIds.length);
  const order = seedOrder(size);
  const rounds: TBracketMatch[][] = [];
  for (let round = 1, matches = size / 2; matches >= 1; round++, matches /= 2) {
    rounds.push(
      Array.from({ length: matches }, (_, index) => ({
        round,
        index,
        seeds: [null, null] as [number | null, number | null],
        entrants: [null, null] as [string | null, string | null],
        winner: null,
        isBye: false,
      })),
    );
  }
  const entrantOf = (seed: number) => seededIds[seed - 1] ?? null;
  rounds[0]!.forEach((match, i) => {
    const seeds: [number, number] = [order[2 * i]!, order[2 * i + 1]!];
    match.seeds = [entrantOf(seeds[0]) ? seeds[0] : null, entrantOf(seeds[1]) ? seeds[1] : null];
    match.entrants = [entrantOf(seeds[0]), entrantOf(seeds[1])];
  });
  for (const match of rounds[0]!) {
    const [a, b] = match.entrants;
    if ((a === null) !== (b === null)) {
      match.isBye = true;
      withAdvance(rounds, match, (a ?? b)!);
    }
  }
  return { size, rounds };
}

/** The matches ready to be debated: both entrants known, no winner yet. */
export function readyMatches(bracket: TBracket): TBracketMatch[] {
  return bracket.rounds.flat().filter((m) => m.entrants[0] && m.entrants[1] && m.winner === null);
}

/**
 * The bracket after `winner` won match (`round`, `index`): a new bracket, the winner placed in the next round.
 * Throws a RangeError for a match that is not ready or a winner not in it.
 */
export function recordBracketWinner(bracket: TBracket, round: number, index: number, winner: string): TBracket {
  const rounds = bracket.rounds.map((r) =>
    r.map((m) => ({ ...m, seeds: [...m.seeds], entrants: [...m.entrants] }) as TBracketMatch),
  );
  const match = rounds[round - 1]?.[index];
  if (!match || !match.entrants[0] || !match.entrants[1] || match.winner !== null) {
    throw new RangeError('That bracket match is not waiting for a result.');
  }
  if (!match.entrants.includes(winner)) throw new RangeError('The winner is not in that bracket match.');
  withAdvance(rounds, match, winner);
  return { size: bracket.size, rounds };
}

/** The winner of the final, or null while it is undecided. */
export function bracketChampion(bracket: TBracket): string | null {
  return bracket.rounds.at(-1)?.[0]?.winner ?? null;
}
