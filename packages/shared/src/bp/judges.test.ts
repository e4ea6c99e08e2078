import { describe, expect, it } from 'vitest';
import type { TJudgeCandidate, TJudgeRoom } from '../tournaments/judges.js';
import { assignBpPanels } from './judges.js';

function judge(id: string, over: Partial<TJudgeCandidate> = {}): TJudgeCandidate {
  return {
    id,
    actor: { id, role: 'user', ageBand: 'adult', isVerifiedJudge: true },
    teamIds: [],
    conflictIds: [],
    judgedIds: [],
    load: 0,
    ...over,
  };
}

/** A room of four teams, each team from club `club + i` (so a judge of that club may not sit). */
function room(key: string, teams: [string, string, string, string], over: Partial<TJudgeRoom> = {}): TJudgeRoom {
  return {
    key,
    debaters: teams.map((id, i) => ({ id, teamId: 10 * Number(key.slice(1)) + i })),
    hasMinor: false,
    coachIds: [],
    ...over,
  };
}

const ROOMS = [room('r1', ['a', 'b', 'c', 'd']), room('r2', ['e', 'f', 'g', 'h'])];

describe('assignBpPanels', () => {
  it('seats a chair and two wings in every room, each judge once', () => {
    const judges = ['j1', 'j2', 'j3', 'j4', 'j5', 'j6', 'j7'].map((id) => judge(id));
    const { panels, unjudged, standbys } = assignBpPanels(ROOMS, judges);
    expect(panels.map((p) => [p.roomKey, p.wingIds.length, p.chairId !== null])).toEqual([
      ['r1', 2, true],
      ['r2', 2, true],
    ]);
    const seated = panels.flatMap((p) => [p.chairId, ...p.wingIds]);
    expect(new Set(seated).size).toBe(6);
    expect(unjudged).toEqual([]);
    expect(standbys).toHaveLength(1);
  });

  it('chairs only from the judges the host lets chair, and fills every chair before any wing', () => {
    const judges = ['j1', 'j2', 'j3', 'j4'].map((id) => judge(id));
    const { panels, unjudged } = assignBpPanels(ROOMS, judges, { chairIds: new Set(['j3', 'j4']) });
    expect(new Set(panels.map((p) => p.chairId))).toEqual(new Set(['j3', 'j4']));
    expect(panels.map((p) => p.wingIds.length)).toEqual([1, 1]);
    expect(unjudged).toEqual(['r1', 'r2']);
    const alone = assignBpPanels(ROOMS, [judge('j1')], { chairIds: new Set() });
    expect(alone.panels.every((p) => p.chairId === null)).toBe(true);
    expect(alone.panels.flatMap((p) => p.wingIds)).toHaveLength(1);
  });

  it('never seats a judge with a team of their club, a conflict or an unverified adult in a minors’ room', () => {
    const clubJudge = judge('club', { teamIds: [12] });
    const conflicted = judge('conflicted', { conflictIds: ['f'] });
    const unverified = judge('unverified', {
      actor: { id: 'unverified', role: 'user', ageBand: 'adult', isVerifiedJudge: false },
    });
    const rooms = [room('r1', ['a', 'b', 'c', 'd']), room('r2', ['e', 'f', 'g', 'h'], { hasMinor: true })];
    const { panels } = assignBpPanels(rooms, [clubJudge, conflicted, unverified, judge('x'), judge('y'), judge('z')]);
    const r1 = panels[0]!;
    const r2 = panels[1]!;
    const inRoom = (p: typeof r1) => [p.chairId, ...p.wingIds];
    expect(inRoom(r1)).not.toContain('club');
    expect(inRoom(r2)).not.toContain('conflicted');
    expect(inRoom(r2)).not.toContain('unverified');
    expect(new Set([...inRoom(r1), ...inRoom(r2)]).size).toBe(6);
  });
});
