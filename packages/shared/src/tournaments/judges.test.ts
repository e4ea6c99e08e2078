import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assignJudges,
  FORBIDDEN_JUDGE_COST,
  judgeCost,
  judgeCostMatrix,
  judgeForbiddenReason,
  LOAD_COST,
  REPEAT_COST,
  type TJudgeCandidate,
  type TJudgeRoom,
} from './judges.js';

function judge(id: string, over: Partial<TJudgeCandidate> = {}): TJudgeCandidate {
  return {
    id,
    actor: { id, role: 'user', ageBand: 'adult', isVerifiedJudge: false },
    teamIds: [],
    conflictIds: [],
    judgedIds: [],
    load: 0,
    ...over,
  };
}

function room(key: string, a: string, b: string, over: Partial<TJudgeRoom> = {}): TJudgeRoom {
  return {
    key,
    debaters: [
      { id: a, teamId: null },
      { id: b, teamId: null },
    ],
    hasMinor: false,
    coachIds: [],
    ...over,
  };
}

describe('the judge cost', () => {
  const plain = room('r1', 'a', 'b', {
    debaters: [
      { id: 'a', teamId: 5 },
      { id: 'b', teamId: null },
    ],
  });

  it('forbids their own team, a declared conflict, and their own debate', () => {
    expect(judgeForbiddenReason(judge('j', { teamIds: [5] }), plain)).toBe('own_team');
    expect(judgeForbiddenReason(judge('j', { conflictIds: ['b'] }), plain)).toBe('conflict');
    expect(judgeForbiddenReason(judge('a'), plain)).toBe('own_debate');
    expect(judgeForbiddenReason(judge('j', { teamIds: [6] }), plain)).toBeNull();
    expect(judgeCost(judge('j', { teamIds: [5] }), plain)).toBe(FORBIDDEN_JUDGE_COST);
  });

  it("follows the safety rules for a round with a minor: a minor, the debaters' coach, staff or a verified judge", () => {
    const minor = room('r2', 'a', 'b', { hasMinor: true, coachIds: ['coach'] });
    expect(judgeForbiddenReason(judge('adult'), minor)).toBe('minor_round');
    expect(judgeForbiddenReason(judge('adult'), { ...minor, hasMinor: false })).toBeNull();
    expect(judgeForbiddenReason(judge('coach'), minor)).toBeNull();
    const verified = judge('v', { actor: { id: 'v', role: 'user', ageBand: 'adult', isVerifiedJudge: true } });
    expect(judgeForbiddenReason(verified, minor)).toBeNull();
    const teen = judge('t', { actor: { id: 't', role: 'user', ageBand: 'minor' } });
    expect(judgeForbiddenReason(teen, minor)).toBeNull();
    const moderator = judge('m', { actor: { id: 'm', role: 'moderator', ageBand: 'adult' } });
    expect(judgeForbiddenReason(moderator, minor)).toBeNull();
  });

  it('costs each earlier time with either debater and each round already judged', () => {
    const j = judge('j', { judgedIds: ['a', 'a', 'c'], load: 3 });
    expect(judgeCost(j, room('r', 'a', 'b'))).toBe(2 * REPEAT_COST + 3 * LOAD_COST);
    expect(judgeCostMatrix([room('r', 'a', 'b'), room('s', 'c', 'd')], [j, judge('k')])).toEqual([
      [2 * REPEAT_COST + 3 * LOAD_COST, 0],
      [REPEAT_COST + 3 * LOAD_COST, 0],
    ]);
  });
});

describe('assignJudges', () => {
  it('seats the judge who has not seen the debaters, and spreads the load', () => {
    const rooms = [room('r1', 'a', 'b'), room('r2', 'c', 'd')];
    const seen = judge('seen', { judgedIds: ['a'] });
    const fresh = judge('fresh');
    expect(assignJudges(rooms, [seen, fresh]).panels).toEqual([
      { roomKey: 'r1', judgeIds: ['fresh'] },
      { roomKey: 'r2', judgeIds: ['seen'] },
    ]);
    const busy = judge('busy', { load: 4 });
    const result = assignJudges([room('r1', 'a', 'b')], [busy, judge('rested', { load: 1 })]);
    expect(result.panels[0]!.judgeIds).toEqual(['rested']);
    expect(result.standbys).toEqual(['busy']);
  });

  it('lists the rooms left without a judge, never seating a forbidden one', () => {
    const rooms = [room('r1', 'a', 'b'), room('r2', 'c', 'd', { hasMinor: true }), room('r3', 'e', 'f')];
    const result = assignJudges(rooms, [judge('j1'), judge('j2', { conflictIds: ['a', 'e'] })]);
    expect(result.panels.find((p) => p.roomKey === 'r2')!.judgeIds).toEqual([]);
    expect(result.unjudged).toHaveLength(2);
    expect(result.unjudged).toContain('r2');
    expect(result.panels.flatMap((p) => p.judgeIds)).toEqual(['j1']);
    expect(result.standbys).toEqual(['j2']);
  });

  it('seats panels of three, one judge in every room before a second in any', () => {
    const rooms = [room('r1', 'a', 'b'), room('r2', 'c', 'd')];
    const full = assignJudges(
      rooms,
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => judge(id)),
      3,
    );
    expect(full.panels.map((p) => p.judgeIds.length)).toEqual([3, 3]);
    expect(full.unjudged).toEqual([]);
    expect(full.standbys).toHaveLength(1);
    const short = assignJudges(
      rooms,
      ['1', '2', '3', '4'].map((id) => judge(id)),
      3,
    );
    expect(short.panels.map((p) => p.judgeIds.length)).toEqual([2, 2]);
    expect(short.unjudged).toEqual(['r1', 'r2']);
    expect(assignJudges(rooms, [judge('1'), judge('2')], 3).panels.map((p) => p.judgeIds.length)).toEqual([1, 1]);
    // Every judge has seen a debater of r2, yet r2 gets its first judge before r1 a third.
    const seenC = ['1', '2', '3'].map((id) => judge(id, { judgedIds: ['c'] }));
    expect(assignJudges(rooms, seenC, 3).panels.map((p) => p.judgeIds.length)).toEqual([2, 1]);
    const four = ['r1', 'r2', 'r3', 'r4'].map((key, i) => room(key, `a${i}`, `b${i}`));
    for (let judges = 4; judges <= 8; judges++) {
      const pool = Array.from({ length: judges }, (_, i) => judge(`j${i}`, { load: i % 3 }));
      const counts = assignJudges(four, pool, 3).panels.map((p) => p.judgeIds.length);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(Math.floor(judges / 4));
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it('handles no rooms and no judges', () => {
    expect(assignJudges([], [judge('j')])).toEqual({ panels: [], unjudged: [], standbys: ['j'] });
    expect(assignJudges([room('r', 'a', 'b')], [])).toEqual({
      panels: [{ roomKey: 'r', judgeIds: [] }],
      unjudged: ['r'],
      standbys: [],
    });
  });
});

/** The most seats a matching of allowed (room seat, judge) pairs can fill: augmenting paths. */
function mostSeats(allowed: boolean[][]): number {
  const judgeOf: number[] = [];
  const seatOf = new Map<number, number>();
  const tryAugment = (seat: number, seen: Set<number>): boolean => {
    for (let j = 0; j < (allowed[seat]?.length ?? 0); j++) {
      if (!allowed[seat]![j] || seen.has(j)) continue;
      seen.add(j);
      const holder = seatOf.get(j);
      if (holder === undefined || tryAugment(holder, seen)) {
        judgeOf[seat] = j;
        seatOf.set(j, seat);
        return true;
      }
    }
    return false;
  };
  let count = 0;
  for (let seat = 0; seat < allowed.length; seat++) if (tryAugment(seat, new Set())) count++;
  return count;
}

describe('assignJudges over random pools', () => {
  it('never seats a conflicted or forbidden judge, and fills every seat an assignment without one could', () => {
    const setup = fc.record({
      rooms: fc.array(
        fc.record({ teams: fc.tuple(fc.option(fc.nat(5)), fc.option(fc.nat(5))), hasMinor: fc.boolean() }),
        { maxLength: 12 },
      ),
      judges: fc.array(
        fc.record({
          teams: fc.array(fc.nat(5), { maxLength: 2 }),
          conflicts: fc.array(fc.nat(23), { maxLength: 3 }),
          band: fc.constantFrom('adult' as const, 'minor' as const),
          isVerifiedJudge: fc.boolean(),
          isCoach: fc.boolean(),
          load: fc.nat(4),
        }),
        { maxLength: 20 },
      ),
      panelSize: fc.constantFrom(1, 3),
    });
    fc.assert(
      fc.property(setup, ({ rooms, judges, panelSize }) => {
        const roomList: TJudgeRoom[] = rooms.map((r, i) => ({
          key: `r${i}`,
          debaters: [
            { id: `d${2 * i}`, teamId: r.teams[0] },
            { id: `d${2 * i + 1}`, teamId: r.teams[1] },
          ],
          hasMinor: r.hasMinor,
          coachIds: judges.flatMap((j, k) => (j.isCoach && k % 2 === i % 2 ? [`j${k}`] : [])),
        }));
        const pool = judges.map((j, k) =>
          judge(`j${k}`, {
            actor: { id: `j${k}`, role: 'user', ageBand: j.band, isVerifiedJudge: j.isVerifiedJudge },
            teamIds: j.teams,
            conflictIds: j.conflicts.map((c) => `d${c}`),
            load: j.load,
          }),
        );
        const result = assignJudges(roomList, pool, panelSize);
        const byId = new Map(pool.map((j) => [j.id, j]));
        const seated = result.panels.flatMap((p) => p.judgeIds);
        expect(new Set(seated).size).toBe(seated.length);
        result.panels.forEach((panel, i) => {
          expect(panel.judgeIds.length).toBeLessThanOrEqual(panelSize);
          for (const id of panel.judgeIds) expect(judgeForbiddenReason(byId.get(id)!, roomList[i]!)).toBeNull();
        });
        const seats = roomList.flatMap((r) => Array.from({ length: panelSize }, () => r));
        const allowed = seats.map((r) => pool.map((j) => judgeForbiddenReason(j, r) === null));
        expect(seated.length).toBe(mostSeats(allowed));
        expect([...seated, ...result.standbys].sort()).toEqual(pool.map((j) => j.id).sort());
        expect(result.unjudged).toEqual(
          result.panels.filter((p) => p.judgeIds.length < panelSize).map((p) => p.roomKey),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
