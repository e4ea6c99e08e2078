import { describe, expect, it } from 'vitest';
import { memberProgressRefusal, memberRemovalRefusal, teamManageRefusal, teamRoundsRefusal } from './team.js';
import { reasons } from './test-fixtures.js';

describe('refusals that say why', () => {
  it('leaves a team to its coaches, its rounds to its members, and lets a member leave', () => {
    const coach = { role: 'coach' as const, isJudge: false };
    const member = { role: 'member' as const, isJudge: false };
    expect(reasons([null, member, coach].map((m) => teamManageRefusal(m)))).toEqual([
      'not_team_member',
      'not_team_member',
      null,
    ]);
    expect(reasons([null, member].map((m) => teamRoundsRefusal(m)))).toEqual(['not_team_member', null]);
    expect(memberRemovalRefusal('u1', member, 'u1')).toBeNull();
    expect(memberRemovalRefusal('u1', member, 'u2')).toMatchObject({ reason: 'not_team_member' });
    expect(memberRemovalRefusal('u1', coach, 'u2')).toBeNull();
    expect(memberProgressRefusal('u1', member, 'u1')).toBeNull();
    expect(memberProgressRefusal('u1', member, 'u2')).toMatchObject({
      message: 'Only the team’s coaches see a member’s progress.',
    });
  });
});
