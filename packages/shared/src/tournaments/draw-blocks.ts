/**
 * Blocks in the draw: two entrants one of whom blocked the other never meet. `drawRound` prices such a pair out of
 * every bracket's matching; what is left after the brackets is mended here, in three steps, each tried only when
 * the one before left a blocked debate:
 *
 * 1. Exchange. A blocked debate swaps opponents with another debate of the draw (any bracket), keeping sides (each
 *    aff takes the other's neg) or, where sides are free, crossing (the two affs meet, the two negs meet); or one of
 *    its debaters takes the bye, when the bye's entrant has had no more byes. Among the exchanges that clear it, the
 *    one adding the fewest rematches and same-team pairings is taken.
 * 2. Re-matching. The whole field is paired again by a depth-first search in draw order (each entrant's nearest
 *    allowed opponent first, rematches and same-team pairings last), every entrant being tried for the bye in the
 *    order the bye rule gives (fewest byes, lowest first); first keeping each entrant's due side in an even round of
 *    LD or Parli, then, if that cannot be done, with sides free (flagged `side_imbalance` where balance breaks).
 * 3. Refusal. No pairing of the field avoids the blocked pairs: `TDrawBlockedError` names one of them.
 *
 * The search is bounded (`SEARCH_STEPS`); a field so constrained that it runs out is refused like one with no draw.
 */
import type { TRandom } from '../debate/matchmaking.js';
import type { TFormatId } from '../formats.js';
import { balancedSides, balancesSides, coinFlipSides, sideLean, type TSideCount } from './sides.js';
import type { TDraw, TDrawFlag, TDrawnDebate, TSide } from './types.js';

/** How many steps the re-matching search may take over all its byes and passes before it gives up. */
const SEARCH_STEPS = 200_000;

/** No draw of the field keeps apart two entrants one of whom blocked the other. */
export class TDrawBlockedError extends Error {
  constructor(readonly pair: readonly [string, string]) {
    super(`No draw keeps entrants ${pair[0]} and ${pair[1]} apart.`);
    this.name = 'TDrawBlockedError';
  }
}

interface TBlockContext {
  format: TFormatId;
  /** The draw's order, best first. */
  order: readonly string[];
  /** Whether one of the two blocked the other. */
  isBlocked: (a: string, b: string) => boolean;
  /** The rematch and same-team flags of a pair (`pairingFlags`). */
  flagsOf: (a: string, b: string) => TDrawFlag[];
  wins: ReadonlyMap<string, number>;
  byes: ReadonlyMap<string, number>;
  counts: ReadonlyMap<string, TSideCount>;
  /** The side each entrant is due this round (an even round of LD or Parli); empty when sides are free. */
  due: ReadonlyMap<string, TSide>;
  isBalancedRound: boolean;
  random: TRandom;
}

/** Mends `draw` so no debate pairs a blocked pair, or throws `TDrawBlockedError` (see the steps above). */
export function avoidBlockedPairs(draw: TDraw, ctx: TBlockContext): TDraw {
  const { isBlocked } = ctx;
  const first = draw.debates.find((d) => isBlocked(d.aff, d.neg));
  if (!first) return draw;
  const exchanged = exchange(draw, ctx, isBlocked);
  if (!exchanged.debates.some((d) => isBlocked(d.aff, d.neg))) return exchanged;
  const budget = { steps: SEARCH_STEPS };
  const rematched =
    (ctx.due.size > 0 ? rematch(draw, ctx, isBlocked, true, budget) : null) ??
    rematch(draw, ctx, isBlocked, false, budget);
  if (rematched) return rematched;
  throw new TDrawBlockedError([first.aff, first.neg]);
}

/** Rematches and same-team pairings of a pair: what an exchange should not add. */
function costOf(ctx: TBlockContext, a: string, b: string): number {
  return ctx.flagsOf(a, b).length;
}

/** A debate of `x` and `y`: sides (`aff`/`neg` kept when `sides` is given), its flags, its bracket. */
function debateOf(ctx: TBlockContext, x: string, y: string, sides?: { aff: string; neg: string }): TDrawnDebate {
  const chosen = sides
    ? { ...sides, coinFlipWinner: null }
    : balancesSides(ctx.format)
      ? { ...balancedSides(x, y, ctx.counts, ctx.random), coinFlipWinner: null }
      : coinFlipSides(x, y, ctx.random);
  const flags: TDrawFlag[] = ctx.flagsOf(x, y);
  if (ctx.isBalancedRound) {
    const affLean = sideLean(ctx.counts.get(chosen.aff)) + 1;
    const negLean = sideLean(ctx.counts.get(chosen.neg)) - 1;
    if (Math.abs(affLean) > 1 || Math.abs(negLean) > 1) flags.push('side_imbalance');
  }
  return { ...chosen, flags, bracket: Math.max(ctx.wins.get(x) ?? 0, ctx.wins.get(y) ?? 0) };
}

/** Entrants drawn above their own bracket. */
function pullUpsOf(ctx: TBlockContext, debates: readonly TDrawnDebate[]): string[] {
  return debates.flatMap((d) => [d.aff, d.neg].filter((id) => (ctx.wins.get(id) ?? 0) < d.bracket));
}

/** Step 1: exchanges of opponents (or the bye) that clear each blocked debate. */
function exchange(draw: TDraw, ctx: TBlockContext, isBlocked: (a: string, b: string) => boolean): TDraw {
  const debates = [...draw.debates];
  let bye = draw.bye;
  const isSidesKept = ctx.isBalancedRound && ctx.due.size > 0;
  for (let i = 0; i < debates.length; i++) {
    const d = debates[i]!;
    if (!isBlocked(d.aff, d.neg)) continue;
    let best: { cost: number; apply: () => void } | null = null;
    const consider = (cost: number, apply: () => void) => {
      if (best === null || cost < best.cost) best = { cost, apply };
    };
    for (let j = 0; j < debates.length; j++) {
      const e = debates[j]!;
      if (j === i || isBlocked(e.aff, e.neg)) continue;
      // Each aff takes the other's neg: sides kept.
      if (!isBlocked(d.aff, e.neg) && !isBlocked(e.aff, d.neg)) {
        consider(costOf(ctx, d.aff, e.neg) + costOf(ctx, e.aff, d.neg), () => {
          debates[i] = debateOf(ctx, d.aff, e.neg, { aff: d.aff, neg: e.neg });
          debates[j] = debateOf(ctx, e.aff, d.neg, { aff: e.aff, neg: d.neg });
        });
      }
      // The affs meet and the negs meet: only where sides are free.
      if (!isSidesKept && !isBlocked(d.aff, e.aff) && !isBlocked(d.neg, e.neg)) {
        consider(costOf(ctx, d.aff, e.aff) + costOf(ctx, d.neg, e.neg), () => {
          debates[i] = debateOf(ctx, d.aff, e.aff);
          debates[j] = debateOf(ctx, d.neg, e.neg);
        });
      }
    }
    // One of the two sits out instead of the bye's entrant, who has had no more byes than them.
    if (bye !== null) {
      const sitter = bye;
      for (const [out, stays] of [
        [d.aff, d.neg],
        [d.neg, d.aff],
      ] as const) {
        if (isBlocked(sitter, stays) || ctx.byes.get(sitter)! > ctx.byes.get(out)!) continue;
        const sides = out === d.aff ? { aff: sitter, neg: stays } : { aff: stays, neg: sitter };
        consider(costOf(ctx, sitter, stays), () => {
          debates[i] = debateOf(ctx, sitter, stays, isSidesKept ? sides : undefined);
          bye = out;
        });
      }
    }
    (best as { apply: () => void } | null)?.apply();
  }
  return { ...draw, debates, bye, pullUps: pullUpsOf(ctx, debates) };
}

/** Step 2: the whole field paired again without blocked pairs (sides kept due when `isDueKept`), or null. */
function rematch(
  draw: TDraw,
  ctx: TBlockContext,
  isBlocked: (a: string, b: string) => boolean,
  isDueKept: boolean,
  budget: { steps: number },
): TDraw | null {
  const position = new Map(ctx.order.map((id, i) => [id, i]));
  const canMeet = (a: string, b: string) => {
    if (isBlocked(a, b)) return false;
    if (!isDueKept) return true;
    const da = ctx.due.get(a);
    return da === undefined || da !== ctx.due.get(b);
  };
  // The bye rule's order: fewest byes first, lowest ranked first among them.
  const byeCandidates =
    ctx.order.length % 2 === 0 ? [null] : [...ctx.order].reverse().sort((a, b) => ctx.byes.get(a)! - ctx.byes.get(b)!);
  for (const bye of byeCandidates) {
    const field = ctx.order.filter((id) => id !== bye);
    const pairs = matchAll(
      field,
      canMeet,
      (a, b) => costOf(ctx, a, b) * 1000 + Math.abs(position.get(a)! - position.get(b)!),
      budget,
    );
    if (pairs) {
      const debates = pairs.map(([x, y]) => {
        const dx = isDueKept ? ctx.due.get(x) : undefined;
        const dy = isDueKept ? ctx.due.get(y) : undefined;
        const sides =
          dx === 'aff' || dy === 'neg'
            ? { aff: x, neg: y }
            : dx === 'neg' || dy === 'aff'
              ? { aff: y, neg: x }
              : undefined;
        return debateOf(ctx, x, y, sides);
      });
      return { ...draw, debates, bye, pullUps: pullUpsOf(ctx, debates) };
    }
    if (budget.steps <= 0) return null;
  }
  return null;
}

/**
 * A perfect matching of `ids` (even, in draw order) in which every pair `canMeet`, found depth first: the first
 * unpaired entrant takes its cheapest allowed partner, backing up when someone is left with nobody they may meet.
 */
function matchAll(
  ids: readonly string[],
  canMeet: (a: string, b: string) => boolean,
  cost: (a: string, b: string) => number,
  budget: { steps: number },
): [string, string][] | null {
  const unpaired = new Set(ids);
  const pairs: [string, string][] = [];
  const hasPartner = (id: string) => {
    for (const other of unpaired) if (other !== id && canMeet(id, other)) return true;
    return false;
  };
  const search = (): boolean => {
    if (unpaired.size === 0) return true;
    if (--budget.steps < 0) return false;
    const head = ids.find((id) => unpaired.has(id))!;
    unpaired.delete(head);
    const partners = [...unpaired].filter((id) => canMeet(head, id)).sort((a, b) => cost(head, a) - cost(head, b));
    for (const partner of partners) {
      unpaired.delete(partner);
      let isViable = true;
      for (const id of unpaired) {
        if (!hasPartner(id)) {
          isViable = false;
          break;
        }
      }
      if (isViable) {
        pairs.push([head, partner]);
        if (search()) return true;
        pairs.pop();
      }
      unpaired.add(partner);
      if (budget.steps < 0) break;
    }
    unpaired.add(head);
    return false;
  };
  return search() ? pairs : null;
}
