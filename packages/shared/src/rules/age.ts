/**
 * The doors that depend on age: the month of birth asked first, accounts limited to their teams, and a direct
 * sign-up under 13. (The bands themselves are `age.ts` at the package's root.)
 */
import type { TAgeBand } from '../age.js';
import type { TRefusal } from '../errors.js';
import { refusalOf, type TTeamManagedDoor } from './refusals.js';

/** The part of the door's user the age rules read. */
export interface TAgeState {
  ageBand?: TAgeBand | undefined;
  isTeamManaged?: true | undefined;
}

/**
 * An account limited to its teams: one created team-managed through a join link, and any account under 13 (one that
 * gave an under-13 month after signing up some other way — Google, or before ages were asked — is held to the same
 * limits until a coach's join link makes it team-managed; docs/decisions.md).
 */
export function isLimitedToTeams(user: TAgeState): boolean {
  return user.isTeamManaged === true || user.ageBand === 'child';
}

/** Refused to an account that has not given its month of birth yet (asked at its next sign-in), at the age doors. */
export function ageRequiredRefusal(user: TAgeState): TRefusal | null {
  return user.ageBand === undefined ? refusalOf('age_required') : null;
}

/** Refused to an account limited to its teams (see `isLimitedToTeams`), or null. */
export function teamManagedRefusal(user: TAgeState, door: TTeamManagedDoor): TRefusal | null {
  return isLimitedToTeams(user) ? refusalOf('team_managed', door) : null;
}

/**
 * A door that depends on age (the queue, challenge links, the judge's seat outside a team round, the community chat):
 * first the month of birth must be given, then an account limited to its teams is kept out.
 */
export function ageDoorRefusal(user: TAgeState, door: Exclude<TTeamManagedDoor, 'leave_last_team'>): TRefusal | null {
  return ageRequiredRefusal(user) ?? teamManagedRefusal(user, door);
}

/** Giving one's own month of birth: only while it is unset; afterwards only an admin changes it. */
export function birthMonthChangeRefusal(hasBirthMonth: boolean): TRefusal | null {
  return hasBirthMonth ? refusalOf('birth_month_set') : null;
}

/** Leaving a team (not a coach removing a member): an account limited to its teams never leaves its last one. */
export function leaveTeamRefusal(
  user: TAgeState & { id: string },
  memberUserId: string,
  teamsOfMember: number,
): TRefusal | null {
  if (user.id !== memberUserId || teamsOfMember > 1) return null;
  return teamManagedRefusal(user, 'leave_last_team');
}

/** A direct sign-up (not through a team's join link) with a month making the person under 13. */
export function directSignUpRefusal(ageBand: TAgeBand | null, hasJoinCode: boolean): TRefusal | null {
  return ageBand === 'child' && !hasJoinCode ? refusalOf('under_13') : null;
}
