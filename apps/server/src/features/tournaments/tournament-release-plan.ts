/**
 * The plan of a round's release, from plain values: which entrants sit the round out (an account that may not take a
 * seat now), and each division's pairings with their sides, flags and coin flip, from the pure draw
 * (`drawRound`) for a preliminary round or from the bracket (`eliminationSides`) for an elimination round. No
 * database: `tournament-release.ts` reads what it needs, asks this for the plan and applies it in one transaction
 * (as Tabbycat's DrawManager stands beside its generators). A plan that cannot be made is refused with an `AppError`.
 */
import {
  blockedPairingRefusal,
  drawRound,
  eliminationSides,
  RATING_DEFAULTS,
  seededRandom,
  TDrawBlockedError,
  teamDisplayName,
  type TDrawFlag,
  type TFirstRoundSeeding,
  type TFormatId,
  type TRoundRecord,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import type { TBracketRoundDraw } from './tournament-bracket';

/** What the plan reads of an entrant. */
export interface TPlanEntrant {
  id: number;
  userId: string;
  teamId: number | null;
  divisionId: number;
}

/** One division's round being released. */
export interface TPlanRound {
  roundId: number;
  divisionId: number;
  /** The draw's seed, fixed at the tournament's creation. */
  seed: string;
}

/** A planned pairing: a debate (`neg` set) or a bye (`neg` null), which may be a walkover (`walkoverFrom` set). */
export interface TPlannedPairing<E extends TPlanEntrant> {
  roundId: number;
  aff: E;
  neg: E | null;
  /** An elimination round's walkover: the entrant of the bracket who could not take part; `aff` goes through. */
  walkoverFrom: E | null;
  flags: TDrawFlag[];
  /** The entrant id of the Public Forum coin flip's winner. */
  coinFlipWinnerId: number | null;
}

export interface TPairingPlanInput<E extends TPlanEntrant> {
  formatId: TFormatId;
  firstRound: TFirstRoundSeeding;
  rounds: readonly TPlanRound[];
  /** Each division's field for this round (its active entrants who take part). */
  fields: ReadonlyMap<number, readonly E[]>;
  /** Each division's earlier rounds, from confirmed results (`confirmedRecords`). */
  records: ReadonlyMap<number, TRoundRecord[]>;
  /** An elimination round's matches per division (from its bracket); null for a preliminary round. */
  bracketPlans: ReadonlyMap<number, TBracketRoundDraw> | null;
  /** An elimination round: every entrant of the tournament by id (withdrawn too), to name a walkover's absentee. */
  entrantsById?: ReadonlyMap<number, E>;
  /** An elimination round: who may not take a seat now (user ids, the seat rule); their opponents go through. */
  unseatable?: ReadonlySet<string>;
  /** Displayed ratings by user id (`RATING_DEFAULTS.rating` when none). */
  ratings: ReadonlyMap<string, number>;
  /** Whether each user counts as under 18 (no answer counts as under 18). */
  minors: ReadonlyMap<string, boolean>;
  /** Whether one of two users blocked the other. */
  isBlocked: (a: string, b: string) => boolean;
  nameOf: (userId: string) => string;
  divisionName: (divisionId: number) => string;
  /** A tournament of teams: an entrant's members (user ids, in speaking order); unset: the entrant alone. */
  membersOf?: (entrant: E) => readonly string[];
}

const membersOf = <E extends TPlanEntrant>(input: TPairingPlanInput<E>, e: E): readonly string[] =>
  input.membersOf ? input.membersOf(e) : [e.userId];

/** Whether a member of one entrant blocked a member of the other (or was blocked by them). */
function isTeamBlocked<E extends TPlanEntrant>(input: TPairingPlanInput<E>, a: E, b: E): [string, string] | null {
  for (const x of membersOf(input, a)) {
    for (const y of membersOf(input, b)) if (input.isBlocked(x, y)) return [x, y];
  }
  return null;
}

/**
 * Whether two teams may not meet for their ages: a minor of one and an adult of the other, the two teams not entered
 * for one team (who a minor meets, over every pair of people across the room). One-person entrants are the draw's
 * own `isMinor` question.
 */
function isAgeApart<E extends TPlanEntrant>(input: TPairingPlanInput<E>, a: E, b: E): boolean {
  if (a.teamId !== null && a.teamId === b.teamId) return false;
  const isMinor = (userId: string) => input.minors.get(userId) ?? true;
  const bands = (e: E) => new Set(membersOf(input, e).map(isMinor));
  const [x, y] = [bands(a), bands(b)];
  return [...x].some((band) => [...y].some((other) => other !== band));
}

/**
 * Who of a preliminary round's field takes part: everyone but those who may not take a seat now (`unseatable`, the
 * seat rule's read). Those are left out of this round only — never a reason to stop the release; they stay entrants.
 */
export function seatableField<E extends TPlanEntrant>(
  entrants: readonly E[],
  unseatable: ReadonlySet<string>,
): { field: E[]; leftOut: E[] } {
  return {
    field: entrants.filter((e) => !unseatable.has(e.userId)),
    leftOut: entrants.filter((e) => unseatable.has(e.userId)),
  };
}

/** Refuses a rule's refusal with its own code and words (as a coach's pairing does). */
export function refuseRound(refusal: ReturnType<typeof blockedPairingRefusal>): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
}

/** Every division's pairings of the round, in the order of `rounds` (debates, then the bye). */
export function planPairings<E extends TPlanEntrant>(input: TPairingPlanInput<E>): TPlannedPairing<E>[] {
  const planned: TPlannedPairing<E>[] = [];
  for (const round of input.rounds) {
    const field = input.fields.get(round.divisionId) ?? [];
    if (field.length === 0) continue;
    planned.push(
      ...(input.bracketPlans
        ? planBracketRound(input, round, field, input.bracketPlans.get(round.divisionId))
        : planDrawnRound(input, round, field)),
    );
  }
  return planned;
}

/**
 * An elimination round of one division: the bracket's ready matches, sides by `eliminationSides`, and its byes. A
 * match one of whose entrants cannot take part (may not take a seat now, or withdrew) is a walkover, never a reason
 * to stop: the other goes through (neither can: the bracket's upper entrant, `a`, goes on to the next round's check).
 */
function planBracketRound<E extends TPlanEntrant>(
  input: TPairingPlanInput<E>,
  round: TPlanRound,
  field: readonly E[],
  plan: TBracketRoundDraw | undefined,
): TPlannedPairing<E>[] {
  const byEntrant = new Map(field.map((e) => [String(e.id), e]));
  const entrantOf = (entrantId: number) => byEntrant.get(String(entrantId)) ?? input.entrantsById?.get(entrantId);
  const canTakePart = (e: E) => byEntrant.has(String(e.id)) && !input.unseatable?.has(e.userId);
  const random = seededRandom(round.seed);
  const planned: TPlannedPairing<E>[] = [];
  for (const { a, b } of plan?.debates ?? []) {
    const [first, second] = [entrantOf(a), entrantOf(b)];
    if (!first || !second) throw new Error('A bracket names an entrant the tournament does not have.');
    if (!canTakePart(first) || !canTakePart(second)) {
      const [through, out] = canTakePart(second) && !canTakePart(first) ? [second, first] : [first, second];
      planned.push({
        roundId: round.roundId,
        aff: through,
        neg: null,
        walkoverFrom: out,
        flags: [],
        coinFlipWinnerId: null,
      });
      continue;
    }
    const sides = eliminationSides(
      input.formatId,
      String(a),
      String(b),
      input.records.get(round.divisionId) ?? [],
      random,
    );
    const aff = byEntrant.get(sides.aff)!;
    const neg = byEntrant.get(sides.neg)!;
    const blocked = isTeamBlocked(input, aff, neg);
    if (blocked) refuseRound(blockedPairingRefusal([input.nameOf(blocked[0]), input.nameOf(blocked[1])]));
    const coinFlipWinnerId = sides.coinFlipWinner === null ? null : byEntrant.get(sides.coinFlipWinner)!.id;
    const flags: TDrawFlag[] = sides.isRematch ? ['rematch'] : [];
    planned.push({ roundId: round.roundId, aff, neg, walkoverFrom: null, flags, coinFlipWinnerId });
  }
  for (const entrantId of plan?.byes ?? []) {
    const bye = byEntrant.get(String(entrantId));
    if (bye) planned.push(byePairing(round, bye));
  }
  return planned;
}

/** A preliminary round of one division: the pure draw (`drawRound`), never pairing one of two who blocked the other. */
function planDrawnRound<E extends TPlanEntrant>(
  input: TPairingPlanInput<E>,
  round: TPlanRound,
  field: readonly E[],
): TPlannedPairing<E>[] {
  const byEntrant = new Map(field.map((e) => [String(e.id), e]));
  // One of a pair who blocked the other is never drawn against them (a hard constraint of the draw); in a tournament
  // of teams neither are two teams with such a pair, or with a minor and an adult stranger across them.
  const isTeams = input.membersOf !== undefined;
  const avoid = field.flatMap((a) =>
    field
      .filter((b) => a.id < b.id && (isTeamBlocked(input, a, b) !== null || (isTeams && isAgeApart(input, a, b))))
      .map((b) => [String(a.id), String(b.id)] as const),
  );
  // A team's rating is its members' mean; it counts as under 18 when a member does.
  const ratingOf = (e: E) => {
    const ids = membersOf(input, e);
    return ids.reduce((sum, id) => sum + (input.ratings.get(id) ?? RATING_DEFAULTS.rating), 0) / ids.length;
  };
  let draw;
  try {
    draw = drawRound({
      format: input.formatId,
      entrants: field.map((e) => ({
        id: String(e.id),
        teamId: e.teamId,
        rating: ratingOf(e),
        isMinor: membersOf(input, e).some((id) => input.minors.get(id) ?? true),
      })),
      rounds: input.records.get(round.divisionId) ?? [],
      seed: round.seed,
      firstRound: input.firstRound,
      avoid,
    });
  } catch (error) {
    if (error instanceof TDrawBlockedError) {
      const [x, y] = error.pair.map((entrantId) => byEntrant.get(entrantId)!);
      const pair = isTeamBlocked(input, x!, y!);
      const [a, b] = pair
        ? pair.map(input.nameOf)
        : [x!, y!].map((e) => teamDisplayName(membersOf(input, e).map(input.nameOf)));
      throw new AppError(
        'conflict',
        pair
          ? `No draw of ${input.divisionName(round.divisionId)} keeps ${a} and ${b} apart, and one of them has blocked the other: withdraw one of them to release the round.`
          : `No draw of ${input.divisionName(round.divisionId)} keeps ${a} and ${b} apart, and under-18s meet adults only on their own team: withdraw or move one of them.`,
        undefined,
        'blocked',
      );
    }
    if (!(error instanceof RangeError)) throw error;
    throw new AppError(
      'conflict',
      `${input.divisionName(round.divisionId)} mixes under-18 and adult entrants of different teams, who may not meet: withdraw or move one of them.`,
    );
  }
  const planned: TPlannedPairing<E>[] = [];
  for (const debate of draw.debates) {
    const aff = byEntrant.get(debate.aff)!;
    const neg = byEntrant.get(debate.neg)!;
    const coinFlipWinnerId = debate.coinFlipWinner === null ? null : byEntrant.get(debate.coinFlipWinner)!.id;
    planned.push({ roundId: round.roundId, aff, neg, walkoverFrom: null, flags: debate.flags, coinFlipWinnerId });
  }
  if (draw.bye) planned.push(byePairing(round, byEntrant.get(draw.bye)!));
  return planned;
}

/** An entrant's bye in a round: a pairing with no opponent. */
function byePairing<E extends TPlanEntrant>(round: TPlanRound, bye: E): TPlannedPairing<E> {
  return { roundId: round.roundId, aff: bye, neg: null, walkoverFrom: null, flags: [], coinFlipWinnerId: null };
}

/** What starting the tournament needs: two entrants, no division of one, a break that fits every division's field. */
export function checkStart(
  tournament: { breakSize: number },
  entrantCount: number,
  fields: ReadonlyMap<number, readonly TPlanEntrant[]>,
  divisionName: (divisionId: number) => string,
): void {
  if (entrantCount < 2) {
    throw new AppError(
      'validation_failed',
      `A tournament needs at least 2 entrants to start; this one has ${entrantCount}.`,
    );
  }
  for (const [divisionId, field] of fields) {
    if (field.length === 1) {
      throw new AppError(
        'validation_failed',
        `${divisionName(divisionId)} has one entrant, who would have no one to debate: withdraw them or wait for more.`,
      );
    }
    if (field.length > 0 && tournament.breakSize > field.length) {
      throw new AppError(
        'validation_failed',
        `The break (${tournament.breakSize}) is larger than the field of ${divisionName(divisionId)} (${field.length}).`,
      );
    }
  }
}
