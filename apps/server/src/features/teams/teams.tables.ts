import type { Generated } from 'kysely';
import type { TTeamRole } from '@resolved/shared';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
/**
 * Teams (migrations 0015-teams, 0027-team-join-switch, 0039-team-join-approval). `isJoinOpen` 0 or no `joinCode`:
 * joining is switched off.
 */
export interface TeamsTable {
  id: Generated<number>;
  name: string;
  school: string;
  description: Generated<string>;
  /** The last code stays when joining is switched off, so that code can say so. */
  joinCode: string | null;
  /** 1 while the code lets people join; 0 once the coach switched joining off. */
  isJoinOpen: Generated<number>;
  /** 1: the coach's "Require approval to join" is on (a team with a member under 18 needs it whatever this says). */
  requiresApproval: Generated<number>;
  createdBy: string | null;
  createdAt: string;
}

export interface TeamMembersTable {
  teamId: number;
  userId: string;
  role: TTeamRole;
  isJudge: Generated<number>;
  /** 1 while the join waits for a coach's approval: not a teammate anywhere until then. */
  isPending: Generated<number>;
  joinedAt: string;
}

export interface TeamsTables {
  teams: TeamsTable;
  teamMembers: TeamMembersTable;
}
