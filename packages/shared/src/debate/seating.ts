/**
 * A round's people (issue 40, the seat model): its debaters, each on a side and, on a side of two or three, in a
 * speaker position, and its judges. Sides are `'a'`/`'b'` today; British Parliamentary's four sides are more ids of the
 * same kind, so nothing here counts to two. A position is a format's position id (`'first'`, `'pm'`, `'1a'`): these
 * rules only compare them.
 */
import { z } from 'zod';

/**
 * How many debaters one side of a round seats: one-on-one up to World Schools' three, and British Parliamentary's four
 * on a bench (its two teams of two). The format's positions bound it further (`seatingFormatRefusal`).
 */
export const SEATS_PER_SIDE = { min: 1, max: 4 } as const;

/** A side's id: `'a'` or `'b'` today. */
export type TSeatSide = string;

const ZSeatId = z
  .string()
  .min(1)
  .max(16)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _.');

/** One debater's seat as a path that creates a round gives it. */
export const ZDebaterSeatInput = z.object({
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'That is not a user id.' }),
  side: ZSeatId,
  /** Null on a side of one. */
  position: ZSeatId.nullable(),
});
export type TDebaterSeatInput = z.output<typeof ZDebaterSeatInput>;

/** A debater of a round as the rules read them. */
export interface TDebaterSeat {
  userId: string;
  side: TSeatSide;
  position: string | null;
}

/** Everyone seated in a round: its debaters (side by side, each side's seats in order) and its judges (chair first). */
export interface TRoundSeating {
  debaters: readonly TDebaterSeat[];
  judgeIds: readonly string[];
}

/**
 * A round's debaters as given when it is made: two sides or more, one to three debaters a side, nobody twice (in
 * the round, so not on both sides either), no position twice on a side, and on a side of two or more every debater
 * in a position.
 */
export const ZRoundDebaters = z
  .array(ZDebaterSeatInput)
  .min(2)
  .max(12)
  .superRefine((seats, ctx) => {
    const people = seats.map((s) => s.userId);
    if (new Set(people).size !== people.length) {
      ctx.addIssue({ code: 'custom', message: 'The same person cannot hold two seats in one round.' });
      return;
    }
    const sides = sidesOf(seats);
    if (sides.size < 2) ctx.addIssue({ code: 'custom', message: 'A round seats at least two sides.' });
    for (const [side, members] of sides) {
      if (members.length > SEATS_PER_SIDE.max) {
        ctx.addIssue({ code: 'custom', message: `Side ${side} seats more than ${SEATS_PER_SIDE.max} debaters.` });
      }
      const positions = members.map((m) => m.position);
      if (members.length > 1 && positions.includes(null)) {
        ctx.addIssue({ code: 'custom', message: `Every debater of side ${side} needs a speaker position.` });
      }
      if (new Set(positions).size !== positions.length) {
        ctx.addIssue({ code: 'custom', message: `Two debaters of side ${side} hold the same position.` });
      }
    }
  });

/** The seats of each side, in the order given (a side's first seat first). */
export function sidesOf<T extends Pick<TDebaterSeat, 'side'>>(seats: readonly T[]): Map<TSeatSide, T[]> {
  const sides = new Map<TSeatSide, T[]>();
  for (const seat of seats) sides.set(seat.side, [...(sides.get(seat.side) ?? []), seat]);
  return sides;
}

/** Everyone in the round once: its debaters, then its judges. */
export function peopleOfSeating(seating: TRoundSeating): string[] {
  const people = seating.debaters.map((d) => d.userId);
  for (const id of seating.judgeIds) if (!people.includes(id)) people.push(id);
  return people;
}

/** Every pair of people in the round (debaters across sides, partners on one side, debaters and judges, judges). */
export function pairsOfSeating(seating: TRoundSeating): [string, string][] {
  const people = peopleOfSeating(seating);
  return people.flatMap((x, i) => people.slice(i + 1).map((y): [string, string] => [x, y]));
}

/**
 * Why these seats do not fit `format` (a message naming the side and position), or null: every side is one of the
 * format's, and every position one its side has (`'pm'` is Parliamentary's Government's, not Public Forum's).
 */
export function seatingFormatRefusal(
  format: { name: string; sideList: readonly { key: string; name: string; positions: readonly { id: string }[] }[] },
  debaters: readonly Pick<TDebaterSeat, 'side' | 'position'>[],
): string | null {
  for (const seat of debaters) {
    const side = format.sideList.find((spec) => spec.key === seat.side);
    if (!side) return `${format.name} has no side ${seat.side}.`;
    if (seat.position !== null && !side.positions.some((p) => p.id === seat.position)) {
      const known = side.positions.map((p) => p.id).join(', ');
      return `${format.name}’s ${side.name} has no position ${seat.position}: its positions are ${known}.`;
    }
  }
  return null;
}
