/** Who may manage a team, see it, judge its practice rounds and follow a member's progress. */
import type { TRefusal } from '../errors.js';
import type { TTeamRole } from '../teams.js';
import { refusalOf } from './refusals.js';

/** Someone's place on a team; `null` for someone outside it. */
export type TTeamMembership = { role: TTeamRole; isJudge: boolean } | null;

/** Coaches manage the team: its details, join code, members, and the rounds they pair. */
export function canManageTeam(membership: TTeamMembership): boolean {
  return membership?.role === 'coach';
}

/** Members (coaches too) see the team's roster, rounds and leaderboard; outsiders see its name only. */
export function canViewTeam(membership: TTeamMembership): boolean {
  return membership !== null;
}

/** Coaches, and the members a coach names, judge the team's practice rounds. */
export function canJudgeTeamRounds(membership: TTeamMembership): boolean {
  return membership !== null && (membership.role === 'coach' || membership.isJudge);
}

/** A member's progress (ballots, ratings): their coaches and themselves. */
export function canViewMemberProgress(actorId: string, membership: TTeamMembership, memberUserId: string): boolean {
  return canManageTeam(membership) || (membership !== null && actorId === memberUserId);
}

/** Managing the team (details, join code, members, pairings): its coaches. */
export function teamManageRefusal(membership: TTeamMembership): TRefusal | null {
  return canManageTeam(membership) ? null : refusalOf('not_team_member', 'manage');
}

/** The team's rounds: its members. */
export function teamRoundsRefusal(membership: TTeamMembership): TRefusal | null {
  return canViewTeam(membership) ? null : refusalOf('not_team_member', 'rounds');
}

/** Removing someone from the team: a coach, or the member themselves (leaving). */
export function memberRemovalRefusal(actorId: string, membership: TTeamMembership, memberUserId: string) {
  return actorId === memberUserId || canManageTeam(membership) ? null : refusalOf('not_team_member', 'member_removal');
}

/** A member's progress: see `canViewMemberProgress`. */
export function memberProgressRefusal(actorId: string, membership: TTeamMembership, memberUserId: string) {
  return canViewMemberProgress(actorId, membership, memberUserId)
    ? null
    : refusalOf('not_team_member', 'member_progress');
}
