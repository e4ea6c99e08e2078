/**
 * Random tournaments of 2 to 200 entrants played over several rounds with random results: the draw's promises hold
 * for every round of every one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawRound, meetings, pairingFlags } from './draw.js';
import { TDrawBlockedError } from './draw-blocks.js';
import { seededRandom } from './random.js';
import { sideCounts, sideLean } from './sides.js';
import { computeStandings } from './standings.js';
import { buildField, playDraw } from './test-fixtures.js';
import type { TDraw, TDrawnDebate, TEntrant, TRoundRecord } from './types.js';

const conflictsOf = (byId: Map<string, TEntrant>, met: Set<string>, a: string, b: string) =>
  pairingFlags(byId.get(a)!, byId.get(b)!, met).length;

/** The fewest conflicts of any matching of `affs` to `negs` (every permutation: only for small brackets). */
function fewestConflicts(affs: string[], negs: string[], cost: (a: string, b: string) => number): number {
  if (affs.length === 0) return 0;
  const [first, ...others] = affs;
  let best = Infinity;
  negs.forEach((neg, i) => {
    const rest = [...negs.slice(0, i), ...negs.slice(i + 1)];
    best = Math.min(best, cost(first!, neg) + fewestConflicts(others, rest, cost));
  });
  return best;
}

/** Fails when a flagged rematch or same-team debate could have been avoided as `drawRound` promises. */
function expectNoAvoidableConflict(draw: TDraw, byId: Map<string, TEntrant>, met: Set<string>, isSidesKept: boolean) {
  const cost = (a: string, b: string) => conflictsOf(byId, met, a, b);
  const brackets = new Map<number, TDrawnDebate[]>();
  for (const d of draw.debates) brackets.set(d.bracket, [...(brackets.get(d.bracket) ?? []), d]);
  for (const debates of brackets.values()) {
    for (const d of debates) {
      if (cost(d.aff, d.neg) === 0) continue;
      for (const e of debates) {
        if (e === d) continue;
        const keepsSides = cost(d.aff, e.neg) === 0 && cost(e.aff, d.neg) === 0;
        const crosses = cost(d.aff, e.aff) === 0 && cost(d.neg, e.neg) === 0;
        expect(
          keepsSides || (!isSidesKept && crosses),
          `${d.aff} v ${d.neg} could exchange with ${e.aff} v ${e.neg}`,
        ).toBe(false);
      }
    }
    if (isSidesKept && debates.length <= 6) {
      const drawn = debates.reduce((sum, d) => sum + cost(d.aff, d.neg), 0);
      const affs = debates.map((d) => d.aff);
      const negs = debates.map((d) => d.neg);
      expect(drawn).toBe(fewestConflicts(affs, negs, cost));
    }
  }
}

const tournament = fc.record({
  size: fc.integer({ min: 2, max: 200 }),
  rounds: fc.integer({ min: 1, max: 6 }),
  teams: fc.integer({ min: 1, max: 40 }),
  format: fc.constantFrom('ld' as const, 'pf' as const, 'parli' as const),
  firstRound: fc.constantFrom('random' as const, 'rating' as const),
  isMinorDivision: fc.boolean(),
  withdrawals: fc.boolean(),
  seed: fc.string({ maxLength: 12 }),
});

describe('drawRound over random tournaments', () => {
  it('keeps every promise in every round of 1,000 tournaments', () => {
    fc.assert(
      fc.property(tournament, (t) => {
        const random = seededRandom(`results:${t.seed}`);
        const field = buildField(t.size, () => ({
          teamId: random() < 0.3 ? null : Math.floor(random() * t.teams),
          rating: 1000 + Math.floor(random() * 1000),
          isMinor: t.isMinorDivision,
        }));
        const byId = new Map(field.map((e) => [e.id, e]));
        let active = field;
        let hasWithdrawn = false;
        const rounds: TRoundRecord[] = [];
        for (let r = 1; r <= t.rounds; r++) {
          const input = {
            format: t.format,
            entrants: active,
            rounds,
            seed: `${t.seed}:${r}`,
            firstRound: t.firstRound,
          };
          const draw = drawRound(input);
          // Every active entrant in exactly one debate, or the one bye of an odd field.
          const seen = [...draw.debates.flatMap((d) => [d.aff, d.neg]), ...(draw.bye ? [draw.bye] : [])];
          expect(seen.sort()).toEqual(active.map((e) => e.id).sort());
          expect(draw.bye !== null).toBe(active.length % 2 === 1);
          // The same seed gives the same draw, whatever order the entrants come in (checked in the first round and
          // the last, a random and a power-paired one, to keep the run short).
          if (r === 1 || r === t.rounds) expect(drawRound({ ...input, entrants: [...active].reverse() })).toEqual(draw);
          // No avoidable rematch or same-team pairing, and the flags say which are left.
          const met = meetings(rounds);
          const isSidesKept = t.format !== 'pf' && r % 2 === 0;
          expectNoAvoidableConflict(draw, byId, met, isSidesKept);
          for (const d of draw.debates) {
            const flags = pairingFlags(byId.get(d.aff)!, byId.get(d.neg)!, met);
            expect(d.flags.filter((f) => f !== 'side_imbalance')).toEqual(flags);
          }
          // A bye goes to someone with the fewest byes: the lowest ranked of them, unless side balance decides.
          if (draw.bye) {
            const byes = (id: string) => rounds.filter((round) => round.byes.includes(id)).length;
            const fewest = Math.min(...active.map((e) => byes(e.id)));
            expect(byes(draw.bye)).toBe(fewest);
            if (r > 1 && !isSidesKept) {
              const rank = new Map(
                computeStandings(
                  active.map((e) => e.id),
                  rounds,
                ).map((s) => [s.entrantId, s.rank]),
              );
              const lower = active.filter((e) => byes(e.id) === fewest && rank.get(e.id)! > rank.get(draw.bye!)!);
              expect(lower.map((e) => e.id)).toEqual([]);
            }
          }
          rounds.push(playDraw(draw, random));
          // LD and Parli: after every even round nobody's sides differ by more than one (or the draw said so).
          if (t.format !== 'pf' && r % 2 === 0) {
            const counts = sideCounts(rounds);
            for (const e of active) {
              if (Math.abs(sideLean(counts.get(e.id))) <= 1) continue;
              expect(hasWithdrawn, `${e.id} is off by more than one after round ${r}`).toBe(true);
              const debate = draw.debates.find((d) => d.aff === e.id || d.neg === e.id);
              expect(debate?.flags).toContain('side_imbalance');
            }
          }
          if (t.withdrawals && active.length > 2 && random() < 0.3) {
            active = active.filter((_, i) => i !== Math.floor(random() * active.length));
            hasWithdrawn = true;
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});

/** Whether some pairing of `ids` (one of them sitting out when odd) keeps every blocked pair apart: brute force. */
function isAvoidable(ids: readonly string[], isBlocked: (a: string, b: string) => boolean): boolean {
  const matches = (rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    const [head, ...others] = rest;
    return others.some((other, i) => !isBlocked(head!, other) && matches(others.filter((_, j) => j !== i)));
  };
  if (ids.length % 2 === 0) return matches(ids);
  return ids.some((bye) => matches(ids.filter((id) => id !== bye)));
}

const blockedTournament = fc.record({
  size: fc.integer({ min: 2, max: 200 }),
  rounds: fc.integer({ min: 1, max: 4 }),
  format: fc.constantFrom('ld' as const, 'pf' as const, 'parli' as const),
  blockShare: fc.double({ min: 0, max: 1, noNaN: true }),
  seed: fc.string({ maxLength: 12 }),
});

describe('drawRound with blocked pairs', () => {
  it('never pairs a blocked pair when a draw without one exists, over 1,000 tournaments', () => {
    fc.assert(
      fc.property(blockedTournament, (t) => {
        const random = seededRandom(`blocks:${t.seed}`);
        const field = buildField(t.size, () => ({ teamId: Math.floor(random() * 8) }));
        const ids = field.map((e) => e.id);
        // A small field: any pairs at all, up to every pair (the brute force below says whether a draw exists). A
        // large one: each entrant in at most one block, which always leaves a draw.
        const avoid: [string, string][] = [];
        if (t.size <= 10) {
          for (let i = 0; i < ids.length; i++) {
            for (let j = i + 1; j < ids.length; j++) if (random() < t.blockShare) avoid.push([ids[i]!, ids[j]!]);
          }
        } else {
          const shuffledIds = [...ids].sort(() => random() - 0.5);
          for (let i = 0; i + 1 < shuffledIds.length; i += 2) {
            if (random() < t.blockShare) avoid.push([shuffledIds[i]!, shuffledIds[i + 1]!]);
          }
        }
        const keys = new Set(avoid.map(([a, b]) => [a, b].sort().join(' ')));
        const isBlocked = (a: string, b: string) => keys.has([a, b].sort().join(' '));
        const rounds: TRoundRecord[] = [];
        for (let r = 1; r <= t.rounds; r++) {
          const input = { format: t.format, entrants: field, rounds, seed: `${t.seed}:${r}`, avoid };
          let draw: TDraw;
          try {
            draw = drawRound(input);
          } catch (error) {
            expect(error).toBeInstanceOf(TDrawBlockedError);
            expect(t.size <= 10 && !isAvoidable(ids, isBlocked), 'a draw without blocked pairs exists').toBe(true);
            return;
          }
          if (t.size <= 10) expect(isAvoidable(ids, isBlocked)).toBe(true);
          const seen = [...draw.debates.flatMap((d) => [d.aff, d.neg]), ...(draw.bye ? [draw.bye] : [])];
          expect(seen.sort()).toEqual([...ids].sort());
          for (const d of draw.debates) expect(isBlocked(d.aff, d.neg), `${d.aff} v ${d.neg} is blocked`).toBe(false);
          expect(drawRound(input)).toEqual(draw);
          rounds.push(playDraw(draw, random));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
