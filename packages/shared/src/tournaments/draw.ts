/**
 * The draw of one preliminary round of one division, as a pure function of the entrants, the confirmed rounds before
 * it and a seed (Tabbycat's `draw/generator/` and Tabroom's high-low power pairing as specifications).
 *
 * 1. Order. Round 1: at random, or by rating (ties at random). Later rounds: by the standings (`computeStandings`),
 *    entrants tied on every tie-break in a seeded random order.
 * 2. The bye, for an odd field: to the entrant with the fewest byes, lowest ranked first (so never a second bye while
 *    someone has none). In an even round of LD or Parli it goes to the lowest such entrant who can sit out without
 *    breaking side balance, when one can.
 * 3. Brackets. Entrants with equal wins form a bracket, top down. A bracket that is odd (or, in an even round of LD
 *    or Parli, has more entrants due one side than it can seat on that side) pulls up from the brackets below: the
 *    highest ranked entrant that mends it, the highest ranked when any would do.
 * 4. Pairing within a bracket. The bracket is cut into two halves: the top half and the bottom half (high-low: the
 *    best of the top half meets the worst of the bottom half), or, in an even round of LD or Parli, those due aff
 *    and those due neg (entrants due neither fill the smaller half), the best due aff meeting the worst due neg. The
 *    halves are matched by minimum cost (`linear-sum-assignment`): each rematch or same-team pairing costs far more
 *    than any departure from high-low, so the bracket has the fewest of them any matching of its halves allows, and
 *    otherwise stays as close to high-low as it can. Where sides are free, a debate with a conflict may also swap
 *    opponents with another debate of the bracket, either way round, when that clears both. A bracket left with a
 *    conflict is given two more entrants from below when that leaves fewer. A rematch or same-team pairing that
 *    remains is flagged: it is unavoidable within its bracket, meaning no re-pairing of the bracket's halves avoids
 *    it, and no exchange of opponents with another debate of the bracket clears it without a conflict there (an
 *    exchange that keeps sides, in an even round of LD or Parli).
 * 5. Sides (`sides.ts`): set by the halves in an even round of LD or Parli; otherwise chosen to balance each
 *    entrant's sides (a seeded coin when level), or, in PF, a seeded coin flip whose winner chooses.
 *
 * Entrants under 18 and adults meet only when both entered for one team. A division is split by age band before
 * it is drawn; the draw refuses one that mixes them otherwise (`divisionAgeConflict`).
 *
 * Two entrants one of whom blocked the other (`TDrawInput.avoid`) never meet: a hard constraint, like the age rule.
 * Within a bracket such a pair costs more than every rematch together; a blocked debate left after the brackets
 * exchanges opponents with another debate (or with the bye) anywhere in the draw; failing that the whole field is
 * matched again without the blocked pairs (`draw-blocks.ts`), its sides kept due where it can, then not. Only when
 * no draw of the field avoids them does the draw refuse (`TDrawBlockedError`).
 */
import { linearSumAssignment } from 'linear-sum-assignment';
import type { TRandom } from '../debate/matchmaking.js';
import { seededRandom, shuffled } from './random.js';
import { computeStandings } from './standings.js';
import {
  balancedSides,
  balancesSides,
  coinFlipSides,
  requiredSide,
  sideCounts,
  sideLean,
  type TSideCount,
} from './sides.js';
import type { TDraw, TDrawFlag, TDrawInput, TDrawnDebate, TEntrant, TRoundRecord, TSide } from './types.js';
import { avoidBlockedPairs } from './draw-blocks.js';

/** The cost of one rematch or same-team pairing: more than any bracket's departure from high-low can add up to. */
export const CONFLICT_COST = 1_000_000;
/** The cost of a pair one of whom blocked the other: more than every rematch of a bracket together. */
const BLOCKED_COST = 1_000 * CONFLICT_COST;
/** The cost of two entrants who lean to the same side meeting in a round whose sides are free. */
const SAME_LEAN_COST = 2;

/** A minor and an adult of the division who may not meet (not both on one team), or null when none. */
export function divisionAgeConflict(entrants: readonly TEntrant[]): [string, string] | null {
  const minors = entrants.filter((e) => e.isMinor);
  const adults = entrants.filter((e) => !e.isMinor);
  for (const minor of minors) {
    const adult = adults.find((a) => minor.teamId === null || a.teamId !== minor.teamId);
    if (adult) return [minor.id, adult.id];
  }
  return null;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** The blocked pairs (`pairKey`) among the field's entrants. */
function blockedPairs(avoid: readonly (readonly [string, string])[], byId: ReadonlyMap<string, TEntrant>): Set<string> {
  const keys = new Set<string>();
  for (const [a, b] of avoid) if (a !== b && byId.has(a) && byId.has(b)) keys.add(pairKey(a, b));
  return keys;
}

/** Every pair that has met in `rounds`. */
export function meetings(rounds: readonly TRoundRecord[]): Set<string> {
  const met = new Set<string>();
  for (const round of rounds) for (const d of round.debates) met.add(pairKey(d.aff, d.neg));
  return met;
}

/** What makes a pairing costly for the draw: a rematch, or two entrants of one team. */
export function pairingFlags(
  a: TEntrant,
  b: TEntrant,
  met: ReadonlySet<string>,
): Extract<TDrawFlag, 'rematch' | 'same_team'>[] {
  const flags: Extract<TDrawFlag, 'rematch' | 'same_team'>[] = [];
  if (met.has(pairKey(a.id, b.id))) flags.push('rematch');
  if (a.teamId !== null && a.teamId === b.teamId) flags.push('same_team');
  return flags;
}

interface TContext {
  byId: ReadonlyMap<string, TEntrant>;
  wins: ReadonlyMap<string, number>;
  byes: ReadonlyMap<string, number>;
  counts: ReadonlyMap<string, TSideCount>;
  /** The side each entrant must take this round to keep balance (only in an even round of LD or Parli). */
  due: ReadonlyMap<string, TSide>;
  met: ReadonlySet<string>;
  /** Pairs (`pairKey`) that must never meet: one blocked the other. */
  blocked: ReadonlySet<string>;
  /** Position in the draw's order: 0 is the top. */
  position: ReadonlyMap<string, number>;
}

/** Entrants due aff and due neg among `ids`. */
function dueCounts(ids: readonly string[], due: ReadonlyMap<string, TSide>): { aff: number; neg: number } {
  let aff = 0;
  let neg = 0;
  for (const id of ids) {
    const side = due.get(id);
    if (side === 'aff') aff++;
    else if (side === 'neg') neg++;
  }
  return { aff, neg };
}

/** How far a group is from being seatable: entrants due one side beyond half the group. */
function sideExcess(size: number, aff: number, neg: number): number {
  const half = Math.floor(size / 2);
  return Math.max(0, aff - half) + Math.max(0, neg - half);
}

interface TPairedHalf {
  pairs: { x: string; y: string; isSidesSet: boolean }[];
  conflicts: number;
}

/** Pairs a bracket (even size, in draw order) by matching its halves at minimum cost; see step 4 above. */
function pairBracket(bracket: readonly string[], ctx: TContext): TPairedHalf {
  const byPosition = (a: string, b: string) => ctx.position.get(a)! - ctx.position.get(b)!;
  // Pull-ups chosen for their side come in out of rank order.
  const members = [...bracket].sort(byPosition);
  const k = members.length / 2;
  let x: string[];
  let y: string[];
  const counts = dueCounts(members, ctx.due);
  const isSidesSet = (counts.aff > 0 || counts.neg > 0) && counts.aff <= k && counts.neg <= k;
  if (isSidesSet) {
    x = members.filter((id) => ctx.due.get(id) === 'aff');
    y = members.filter((id) => ctx.due.get(id) === 'neg');
    for (const id of members) {
      if (ctx.due.has(id)) continue;
      if (x.length <= y.length) x.push(id);
      else y.push(id);
    }
  } else {
    x = members.slice(0, k);
    y = members.slice(k);
  }
  const cost = x.map((xi, i) =>
    y.map((yj, j) => {
      const a = ctx.byId.get(xi)!;
      const b = ctx.byId.get(yj)!;
      let c = Math.abs(j - (k - 1 - i)) + pairingFlags(a, b, ctx.met).length * CONFLICT_COST;
      if (ctx.blocked.has(pairKey(xi, yj))) c += BLOCKED_COST;
      if (!isSidesSet) {
        const leanA = sideLean(ctx.counts.get(xi));
        const leanB = sideLean(ctx.counts.get(yj));
        if (leanA * leanB > 0) c += SAME_LEAN_COST;
      }
      return c;
    }),
  );
  const { rowAssignments } = linearSumAssignment(cost, { maximaze: false });
  const pairs = x.map((xi, i) => ({ x: xi, y: y[rowAssignments[i]!]!, isSidesSet }));
  const conflictsOf = (a: string, b: string) =>
    pairingFlags(ctx.byId.get(a)!, ctx.byId.get(b)!, ctx.met).length + (ctx.blocked.has(pairKey(a, b)) ? 1 : 0);
  if (!isSidesSet) exchangeAcrossHalves(pairs, conflictsOf);
  return { pairs, conflicts: pairs.reduce((sum, p) => sum + conflictsOf(p.x, p.y), 0) };
}

/**
 * Where sides are free, exchanges the halves' matching cannot see: a debate with a conflict swaps opponents with
 * another debate, either way round (the two tops and the two bottoms meeting, or each top taking the other's
 * bottom), when that leaves both debates without one. Repeated until none is left (each removes a conflict).
 */
function exchangeAcrossHalves(pairs: { x: string; y: string }[], conflictsOf: (a: string, b: string) => number): void {
  let isChanged = true;
  while (isChanged) {
    isChanged = false;
    for (const d of pairs) {
      if (conflictsOf(d.x, d.y) === 0) continue;
      for (const e of pairs) {
        if (e === d) continue;
        if (conflictsOf(d.x, e.x) === 0 && conflictsOf(d.y, e.y) === 0) {
          [d.y, e.x] = [e.x, d.y];
        } else if (conflictsOf(d.x, e.y) === 0 && conflictsOf(e.x, d.y) === 0) {
          [d.y, e.y] = [e.y, d.y];
        } else continue;
        isChanged = true;
        break;
      }
    }
  }
}

/** The index in `rest` of the entrant to pull up into `current`: the highest ranked that best mends both groups. */
function pullUpIndex(current: readonly string[], rest: readonly string[], ctx: TContext): number {
  if (ctx.due.size === 0) return 0;
  const cur = dueCounts(current, ctx.due);
  const low = dueCounts(rest, ctx.due);
  let best = 0;
  let bestScore = Infinity;
  for (let i = 0; i < rest.length; i++) {
    const side = ctx.due.get(rest[i]!);
    const da = side === 'aff' ? 1 : 0;
    const dn = side === 'neg' ? 1 : 0;
    const score =
      sideExcess(current.length + 1, cur.aff + da, cur.neg + dn) +
      sideExcess(rest.length - 1, low.aff - da, low.neg - dn);
    if (score < bestScore) {
      best = i;
      bestScore = score;
      if (score === 0) break;
    }
  }
  return best;
}

/** Whether `current` can be closed as a bracket: even, and seatable on both sides with what is left below seatable. */
function isClosable(current: readonly string[], rest: readonly string[], ctx: TContext): boolean {
  if (current.length % 2 !== 0) return false;
  if (ctx.due.size === 0) return true;
  const cur = dueCounts(current, ctx.due);
  const low = dueCounts(rest, ctx.due);
  return sideExcess(current.length, cur.aff, cur.neg) === 0 && sideExcess(rest.length, low.aff, low.neg) === 0;
}

/** The order the draw reads the field in (step 1). */
function drawOrder(input: TDrawInput, random: TRandom): string[] {
  const ids = input.entrants.map((e) => e.id).sort();
  const keys = new Map(ids.map((id) => [id, random()]));
  const byKey = (a: string, b: string) => keys.get(a)! - keys.get(b)!;
  if (input.rounds.length === 0) {
    if (input.firstRound !== 'rating') return shuffled(ids, random);
    const rating = new Map(input.entrants.map((e) => [e.id, e.rating]));
    return ids.sort((a, b) => rating.get(b)! - rating.get(a)! || byKey(a, b));
  }
  const standings = computeStandings(ids, input.rounds);
  const rank = new Map(standings.map((s) => [s.entrantId, s.rank]));
  return ids.sort((a, b) => rank.get(a)! - rank.get(b)! || byKey(a, b));
}

/** The bye of an odd field (step 2), from `order` (best first). */
function chooseBye(order: readonly string[], ctx: TContext, isBalancedRound: boolean): string {
  const candidates = [...order].reverse().sort((a, b) => ctx.byes.get(a)! - ctx.byes.get(b)!);
  if (isBalancedRound) {
    const all = dueCounts(order, ctx.due);
    const fits = candidates.find((id) => {
      if (Math.abs(sideLean(ctx.counts.get(id))) > 1 || ctx.byes.get(id) !== ctx.byes.get(candidates[0]!)) return false;
      const side = ctx.due.get(id);
      return sideExcess(order.length - 1, all.aff - (side === 'aff' ? 1 : 0), all.neg - (side === 'neg' ? 1 : 0)) === 0;
    });
    if (fits) return fits;
  }
  return candidates[0]!;
}

/**
 * Draws the next preliminary round of one division (see the steps above). Throws a RangeError for a field the
 * server must refuse first: an entrant listed twice, or minors and adults who may not meet.
 */
export function drawRound(input: TDrawInput): TDraw {
  const { format, entrants, rounds } = input;
  const roundNumber = rounds.length + 1;
  const byId = new Map(entrants.map((e) => [e.id, e]));
  if (byId.size !== entrants.length) throw new RangeError('An entrant is listed twice in the division.');
  const ageConflict = divisionAgeConflict(entrants);
  if (ageConflict) {
    throw new RangeError(`Entrants ${ageConflict[0]} (under 18) and ${ageConflict[1]} (adult) may not meet.`);
  }
  const random = seededRandom(input.seed);
  const order = drawOrder(input, random);
  const standings = computeStandings(order, rounds);
  const counts = sideCounts(rounds);
  const isBalancedRound = balancesSides(format) && roundNumber % 2 === 0;
  const due = new Map<string, TSide>();
  for (const id of order) {
    const side = requiredSide(format, roundNumber, sideLean(counts.get(id)));
    if (side) due.set(id, side);
  }
  const ctx: TContext = {
    byId,
    wins: new Map(standings.map((s) => [s.entrantId, s.wins])),
    byes: new Map(standings.map((s) => [s.entrantId, s.byes])),
    counts,
    due,
    met: meetings(rounds),
    blocked: blockedPairs(input.avoid ?? [], byId),
    position: new Map(order.map((id, i) => [id, i])),
  };
  const bye = order.length % 2 === 1 ? chooseBye(order, ctx, isBalancedRound) : null;
  let rest = order.filter((id) => id !== bye);
  // A field whose dues cannot all be met (after withdrawals) is drawn as if sides were free, and flagged below.
  const dueAll = dueCounts(rest, due);
  if (sideExcess(rest.length, dueAll.aff, dueAll.neg) > 0) due.clear();

  const debates: TDrawnDebate[] = [];
  const pullUps: string[] = [];
  while (rest.length > 0) {
    const bracket = ctx.wins.get(rest[0]!)!;
    const size = rest.findIndex((id) => ctx.wins.get(id) !== bracket);
    let current = size === -1 ? rest : rest.slice(0, size);
    rest = size === -1 ? [] : rest.slice(size);
    const pull = (from: string[], into: string[]) => {
      const taken = [...into];
      const left = [...from];
      const [id] = left.splice(pullUpIndex(taken, left, ctx), 1);
      taken.push(id!);
      return { taken, left };
    };
    while (rest.length > 0 && !isClosable(current, rest, ctx)) ({ taken: current, left: rest } = pull(rest, current));
    let paired = pairBracket(current, ctx);
    if (paired.conflicts > 0 && rest.length >= 2) {
      const one = pull(rest, current);
      const two = pull(one.left, one.taken);
      if (isClosable(two.taken, two.left, ctx)) {
        const wider = pairBracket(two.taken, ctx);
        if (wider.conflicts < paired.conflicts) {
          paired = wider;
          current = two.taken;
          rest = two.left;
        }
      }
    }
    for (const id of current) if (ctx.wins.get(id)! < bracket) pullUps.push(id);
    for (const { x, y, isSidesSet } of paired.pairs) {
      const sides = isSidesSet
        ? { aff: x, neg: y, coinFlipWinner: null }
        : balancesSides(format)
          ? { ...balancedSides(x, y, counts, random), coinFlipWinner: null }
          : coinFlipSides(x, y, random);
      const flags: TDrawFlag[] = pairingFlags(byId.get(x)!, byId.get(y)!, ctx.met);
      if (isBalancedRound) {
        const affLean = sideLean(counts.get(sides.aff)) + 1;
        const negLean = sideLean(counts.get(sides.neg)) - 1;
        if (Math.abs(affLean) > 1 || Math.abs(negLean) > 1) flags.push('side_imbalance');
      }
      debates.push({ ...sides, flags, bracket });
    }
  }
  const draw = { roundNumber, debates, bye, pullUps };
  if (ctx.blocked.size === 0) return draw;
  return avoidBlockedPairs(draw, {
    format,
    order,
    isBlocked: (a, b) => ctx.blocked.has(pairKey(a, b)),
    flagsOf: (a, b) => pairingFlags(byId.get(a)!, byId.get(b)!, ctx.met),
    wins: ctx.wins,
    byes: ctx.byes,
    counts,
    due,
    isBalancedRound,
    random,
  });
}
