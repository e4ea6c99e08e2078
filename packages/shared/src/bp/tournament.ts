/**
 * A British Parliamentary tournament's shape (issue 41, item 4): its break and elimination rounds. Rooms seat four
 * teams and the top two of each elimination room advance, so a break is 4, 8, 16, 32 or 64 teams (a final of four,
 * then semifinals of two rooms, quarterfinals of four…), and a break of `n` takes log2(n / 4) + 1 rounds.
 */
/** The breaks a BP tournament may have: none, or four teams doubled until the largest break. */
export const BP_BREAK_SIZES = [0, 4, 8, 16, 32, 64] as const;

/** Why `breakSize` is not a BP break (a sentence for a 400), or null when it is. */
export function bpBreakRefusal(breakSize: number): string | null {
  return (BP_BREAK_SIZES as readonly number[]).includes(breakSize)
    ? null
    : 'A British Parliamentary break is 0, 4, 8, 16, 32 or 64 teams: the top two of each room go through to a final of four.';
}

/** How many elimination rounds a BP break has: 0 without one, 1 for 4 (the final), 2 for 8, 3 for 16… */
export function bpEliminationRoundsFor(breakSize: number): number {
  return breakSize < 4 ? 0 : Math.log2(breakSize / 4) + 1;
}

/**
 * The rooms of the first elimination round from the break in tab order (seed 1 first): seeds spread so that each room
 * holds one team of each quarter of the break (WUDC's quarterfinals: 1, 8, 9, 16 in one room; 2, 7, 10, 15 in the
 * next…). A break of four is the final: one room. Returns each room's teams, best seed first.
 */
export function bpBreakRooms<T>(seeded: readonly T[]): T[][] {
  const rooms = seeded.length / 4;
  if (!Number.isInteger(rooms) || rooms < 1) throw new RangeError('A BP break is a multiple of four teams.');
  return Array.from({ length: rooms }, (_, i) => [
    seeded[i]!,
    seeded[2 * rooms - 1 - i]!,
    seeded[2 * rooms + i]!,
    seeded[4 * rooms - 1 - i]!,
  ]);
}

/**
 * The rooms of a later elimination round from the rooms before it: the two teams each room advanced (its first and
 * second), the advancers of room `i` meeting those of the room folded onto it (the first room's with the last one's),
 * so the top seeds meet as late as they can. `advanced[i]` is room i's [first, second].
 */
export function bpNextEliminationRooms<T>(advanced: readonly (readonly [T, T])[]): T[][] {
  const rooms: T[][] = [];
  for (let i = 0; i < advanced.length / 2; i++) {
    const [a, b] = [advanced[i]!, advanced[advanced.length - 1 - i]!];
    rooms.push([a[0], b[0], a[1], b[1]]);
  }
  return rooms;
}
