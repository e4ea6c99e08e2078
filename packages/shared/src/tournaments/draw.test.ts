import { describe, expect, it } from 'vitest';
import { divisionAgeConflict, drawRound } from './draw.js';
import { TDrawBlockedError } from './draw-blocks.js';
import { buildEntrant, buildField, result } from './test-fixtures.js';
import type { TDraw, TDrawInput } from './types.js';

const pairsOf = (draw: TDraw) => draw.debates.map((d) => [d.aff, d.neg].sort().join(' v ')).sort();

function expectEveryoneOnce(draw: TDraw, ids: readonly string[]) {
  const seen = [...draw.debates.flatMap((d) => [d.aff, d.neg]), ...(draw.bye ? [draw.bye] : [])];
  expect([...seen].sort()).toEqual([...ids].sort());
}

describe('drawRound: round 1', () => {
  it('seeded by rating pairs high against low, 1 v N', () => {
    const field = buildField(8);
    const draw = drawRound({ format: 'ld', entrants: field, rounds: [], seed: 's', firstRound: 'rating' });
    expect(pairsOf(draw)).toEqual(['e001 v e008', 'e002 v e007', 'e003 v e006', 'e004 v e005']);
    expect(draw.bye).toBeNull();
    expect(draw.debates.every((d) => d.flags.length === 0 && d.bracket === 0)).toBe(true);
  });

  it('gives the bye of an odd field seeded by rating to the lowest rated', () => {
    const draw = drawRound({ format: 'ld', entrants: buildField(9), rounds: [], seed: 's', firstRound: 'rating' });
    expect(draw.bye).toBe('e009');
    expectEveryoneOnce(
      draw,
      buildField(9).map((e) => e.id),
    );
  });

  it('at random: reproducible from the seed whatever order the field comes in, and another seed differs', () => {
    const field = buildField(20);
    const input: TDrawInput = { format: 'parli', entrants: field, rounds: [], seed: 'autumn' };
    const draw = drawRound(input);
    expect(drawRound({ ...input, entrants: [...field].reverse() })).toEqual(draw);
    expect(pairsOf(drawRound({ ...input, seed: 'winter' }))).not.toEqual(pairsOf(draw));
    expectEveryoneOnce(
      draw,
      field.map((e) => e.id),
    );
  });

  it('keeps teammates apart by exchanging opponents within the bracket', () => {
    // Fold would pair e001 with its teammate e004.
    const field = buildField(4, (i) => ({ teamId: i === 0 || i === 3 ? 7 : null }));
    const draw = drawRound({ format: 'ld', entrants: field, rounds: [], seed: 's', firstRound: 'rating' });
    expect(draw.debates.every((d) => d.flags.length === 0)).toBe(true);
    expect(pairsOf(draw)).not.toContain('e001 v e004');
  });

  it('flags a same-team pairing that cannot be avoided', () => {
    const field = buildField(2, () => ({ teamId: 3 }));
    const draw = drawRound({ format: 'ld', entrants: field, rounds: [], seed: 's' });
    expect(draw.debates).toHaveLength(1);
    expect(draw.debates[0]!.flags).toEqual(['same_team']);
  });

  it('gives a PF debate a coin flip winner, and LD none', () => {
    const pf = drawRound({ format: 'pf', entrants: buildField(4), rounds: [], seed: 's' });
    for (const d of pf.debates) expect(d.coinFlipWinner).toBe(d.aff);
    const ld = drawRound({ format: 'ld', entrants: buildField(4), rounds: [], seed: 's' });
    for (const d of ld.debates) expect(d.coinFlipWinner).toBeNull();
  });
});

describe('drawRound: power pairing', () => {
  const field = buildField(6);
  // e001, e002, e003 win round 1.
  const round1 = {
    debates: [result('e001', 'e006', 'aff'), result('e005', 'e002', 'neg'), result('e003', 'e004', 'aff')],
    byes: [],
  };

  it('pairs within brackets of equal wins, pulling the top of the next bracket up into an odd one', () => {
    const draw = drawRound({ format: 'ld', entrants: field, rounds: [round1], seed: 's' });
    const top = draw.debates.filter((d) => d.bracket === 1);
    expect(top).toHaveLength(2);
    expect(draw.pullUps).toHaveLength(1);
    expect(['e004', 'e005', 'e006']).toContain(draw.pullUps[0]);
    expect(top.flatMap((d) => [d.aff, d.neg])).toContain(draw.pullUps[0]);
    expect(draw.debates.every((d) => d.flags.length === 0)).toBe(true);
  });

  it('balances sides in round 2 of LD: aff in round 1 is neg now', () => {
    const draw = drawRound({ format: 'ld', entrants: field, rounds: [round1], seed: 's' });
    const wasAff = new Set(round1.debates.map((d) => d.aff));
    for (const d of draw.debates) {
      expect(wasAff.has(d.aff)).toBe(false);
      expect(wasAff.has(d.neg)).toBe(true);
    }
  });

  it('avoids a rematch when the bracket allows, and flags it when it does not', () => {
    const two = buildField(2);
    const met = [{ debates: [result('e001', 'e002', 'aff')], byes: [] }];
    expect(drawRound({ format: 'ld', entrants: two, rounds: met, seed: 's' }).debates[0]!.flags).toEqual(['rematch']);
    for (let seed = 0; seed < 20; seed++) {
      const draw = drawRound({ format: 'ld', entrants: field, rounds: [round1], seed: `s${seed}` });
      const before = new Set(round1.debates.map((d) => [d.aff, d.neg].sort().join(' v ')));
      for (const pair of pairsOf(draw)) expect(before.has(pair)).toBe(false);
    }
  });

  it('gives the bye to the lowest ranked entrant without one, never a second while another has none', () => {
    const five = buildField(5);
    const r1 = { debates: [result('e001', 'e002', 'aff'), result('e003', 'e004', 'aff')], byes: ['e005'] };
    const draw2 = drawRound({ format: 'ld', entrants: five, rounds: [r1], seed: 's' });
    // e005 ranks third (a win, no points given yet) but has had its bye; the losers e002 and e004 have had none.
    expect(draw2.bye).not.toBe('e005');
    expect(['e002', 'e004']).toContain(draw2.bye);
  });
});

describe('drawRound: bad fields', () => {
  it('refuses an entrant listed twice', () => {
    const e = buildEntrant('a');
    expect(() => drawRound({ format: 'ld', entrants: [e, e], rounds: [], seed: 's' })).toThrow(RangeError);
  });

  it('refuses minors and adults of different teams in one division, and allows them on one team', () => {
    const mixed = [buildEntrant('m', { isMinor: true, teamId: 1 }), buildEntrant('a', { teamId: 2 })];
    expect(divisionAgeConflict(mixed)).toEqual(['m', 'a']);
    expect(() => drawRound({ format: 'ld', entrants: mixed, rounds: [], seed: 's' })).toThrow(/may not meet/);
    const team = [buildEntrant('m', { isMinor: true, teamId: 1 }), buildEntrant('a', { teamId: 1 })];
    expect(divisionAgeConflict(team)).toBeNull();
    expect(
      divisionAgeConflict([buildEntrant('m', { isMinor: true }), buildEntrant('n', { isMinor: true })]),
    ).toBeNull();
  });
});

describe('drawRound: blocked pairs', () => {
  const pairsOf = (draw: TDraw) => draw.debates.map((d) => [d.aff, d.neg].sort().join(' v ')).sort();

  it('pairs the field otherwise when high-low would meet a blocked pair', () => {
    const input: TDrawInput = { format: 'ld', entrants: buildField(4), rounds: [], seed: 's', firstRound: 'rating' };
    expect(pairsOf(drawRound(input))).toEqual(['e001 v e004', 'e002 v e003']);
    const avoided = drawRound({ ...input, avoid: [['e004', 'e001']] });
    expect(pairsOf(avoided)).not.toContain('e001 v e004');
    expect(avoided.debates).toHaveLength(2);
  });

  it('gives the bye to the one who blocked everyone else', () => {
    const field = buildField(3);
    const draw = drawRound({
      format: 'ld',
      entrants: field,
      rounds: [],
      seed: 'b',
      avoid: [
        ['e002', 'e001'],
        ['e002', 'e003'],
      ],
    });
    expect(draw.bye).toBe('e002');
    expect(pairsOf(draw)).toEqual(['e001 v e003']);
  });

  it('keeps a blocked pair apart in an even round whose sides are due', () => {
    const entrants = buildField(4);
    // Round 1: e001 and e002 were aff, so both are due neg in round 2 and must meet e003 and e004.
    const rounds = [{ debates: [result('e001', 'e003', 'aff'), result('e002', 'e004', 'aff')], byes: [] }];
    const draw = drawRound({ format: 'ld', entrants, rounds, seed: 'r2', avoid: [['e001', 'e004']] });
    expect(pairsOf(draw)).toEqual(['e001 v e003', 'e002 v e004']);
    expect(draw.debates.every((d) => ['e003', 'e004'].includes(d.aff))).toBe(true);
    expect(draw.debates.find((d) => d.neg === 'e001')?.flags).toEqual(['rematch']);
  });

  it('refuses, naming a blocked pair, when no draw keeps them apart', () => {
    const avoid: [string, string][] = [
      ['e001', 'e002'],
      ['e001', 'e003'],
      ['e001', 'e004'],
    ];
    expect(() => drawRound({ format: 'pf', entrants: buildField(4), rounds: [], seed: 'x', avoid })).toThrow(
      TDrawBlockedError,
    );
  });

  it('ignores pairs naming someone outside the field', () => {
    const input: TDrawInput = { format: 'ld', entrants: buildField(2), rounds: [], seed: 'o' };
    expect(drawRound({ ...input, avoid: [['e001', 'gone']] })).toEqual(drawRound(input));
  });
});
