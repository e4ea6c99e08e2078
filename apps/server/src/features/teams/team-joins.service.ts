/**
 * Joining a team: by its code or link, at sign-up through its link, and the coach's approval such a join waits for on
 * a team with anyone under 18 or whose coach asks for it. A member waiting for approval is no teammate: the
 * repository's reads of members count approved ones only, so no rule elsewhere needs to know about pending members.
 */
import {
  isJoinApprovalRequired,
  isLimitedToTeams,
  JOINING_OFF_MESSAGE,
  REALTIME_ROOMS,
  TEAM_LIMITS,
  type TJoinTeamResponse,
  type TSessionUser,
} from '@resolved/shared';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, rateLimitedError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { RateLimiter } from '../../lib/rate-limiter';
import { ageBandsOf, findDisplayNames, markTeamManaged } from '../users/users.service';
import { rematchWaiting } from '../matchmaking/queue.service';
import * as repo from './teams.repository';
import { emitTeamChanged, getTeam, isJoinOpen, requireCoach, type TTeamsDeps } from './teams.service';

/**
 * Join attempts per person, and per address (a whole school behind one address joins at once, so that limit is
 * ten times higher): enough for a class typing codes, hopeless for guessing a 50-bit code.
 */
const JOIN_LIMIT = { perUser: 30, perIp: 300, windowMs: 15 * 60 * 1000 };

const db = (deps: TTeamsDeps) => deps.database.db;

/** What the join page shows before joining (the code is the invitation). */
export async function previewJoin(deps: TTeamsDeps, code: string, ip: string) {
  await limitJoinAttempts(deps, `team-join:ip:${ip}`);
  const team = await findOpenTeamByCode(deps, code);
  return { id: Number(team.id), name: team.name, school: team.school };
}

/** The team a code belongs to, if any; a team whose joining is switched off says so rather than "not valid". */
async function findTeamByCode(deps: TTeamsDeps, code: string) {
  const team = await repo.findTeamByCode(db(deps), code);
  if (!team) throw new AppError('not_found', 'That team code is not valid. Check it with your coach.');
  return team;
}

function joiningOffError(): AppError {
  return new AppError('forbidden', JOINING_OFF_MESSAGE, undefined, 'join_code_off');
}

async function findOpenTeamByCode(deps: TTeamsDeps, code: string) {
  const team = await findTeamByCode(deps, code);
  if (!isJoinOpen(team)) throw joiningOffError();
  return team;
}

async function limitJoinAttempts(deps: TTeamsDeps, key: string): Promise<void> {
  const max = key.includes(':ip:') ? JOIN_LIMIT.perIp : JOIN_LIMIT.perUser;
  const limiter = new RateLimiter(deps.database.db, max, JOIN_LIMIT.windowMs);
  const check = await limiter.hit(key);
  if (!check.isAllowed) throw rateLimitedError(check.retryAfterMs, 'team code attempts');
}

/** The team a join code opens, checked before a sign-up through its link creates anything. */
export interface TSignUpTeam {
  teamId: number;
  teamName: string;
  /** The coach who owns the link (see `repo.findLinkOwner`): an under-13 account is managed by them. */
  coachId: string | null;
}

/**
 * A sign-up from a team's join link: the team must be open to joining and not full before the account is
 * made; an under-13 sign-up also needs a coach to be responsible for it. Throws what the join page shows.
 */
export async function teamForSignUp(
  deps: TTeamsDeps,
  code: string,
  ip: string,
  isUnder13: boolean,
): Promise<TSignUpTeam> {
  await limitJoinAttempts(deps, `team-join:ip:${ip}`);
  const team = await findOpenTeamByCode(deps, code);
  const teamId = Number(team.id);
  if ((await repo.countMembers(db(deps), teamId)) >= TEAM_LIMITS.membersMax) throw teamFullError();
  const coachId = await repo.findLinkOwner(db(deps), teamId, team.createdBy);
  if (isUnder13 && coachId === null) {
    throw new AppError(
      'conflict',
      'This team has no coach right now, so it cannot take new accounts under 13.',
      undefined,
      'team_no_coach',
    );
  }
  return { teamId, teamName: team.name, coachId };
}

/**
 * The account just made through a team's join link joins that team in the same step (waiting for the coach's
 * approval where the team needs it, which it always does for an account under 18); an under-13 account becomes
 * team-managed by the coach who owns the link (the school-consent route, docs/safety.md).
 */
export async function joinAtSignUp(deps: TTeamsDeps, userId: string, team: TSignUpTeam, isUnder13: boolean) {
  if (isUnder13 && team.coachId) await markTeamManaged(deps.database, userId, team.coachId);
  const joined = await insertMemberWithinCap(deps, team.teamId, userId);
  if (joined.isNew) await announceJoin(deps, { id: team.teamId, name: team.teamName }, userId, joined.isPending);
}

function teamFullError(): AppError {
  return new AppError('conflict', `This team is full (${TEAM_LIMITS.membersMax} members).`, undefined, 'team_full');
}

/**
 * Whether `userId` joining the team waits for a coach's approval: the coach's switch, or anyone under 18 on the team,
 * waiting to join it, or joining now (`isJoinApprovalRequired`).
 */
async function needsApproval(trx: Transaction<DB>, teamId: number, userId: string): Promise<boolean> {
  const team = await repo.findTeam(trx, teamId);
  const ids = [...(await repo.listAllMemberIds(trx, teamId)), userId];
  const bands = await ageBandsOf(trx, ids);
  return isJoinApprovalRequired({ requiresApproval: Number(team?.requiresApproval ?? 0) === 1 }, [...bands.values()]);
}

/**
 * The count, whether the join waits for approval, and the insert are one step per team (every instance takes turns):
 * a burst of joins stops at the cap, and a minor joining meanwhile is seen by the next join.
 */
async function insertMemberWithinCap(deps: TTeamsDeps, teamId: number, userId: string) {
  return withKeyLock(deps.database, `team.join:${teamId}`, async (trx) => {
    if ((await repo.countMembers(trx, teamId)) >= TEAM_LIMITS.membersMax) throw teamFullError();
    const isPending = await needsApproval(trx, teamId, userId);
    const isNew = await repo.insertMember(trx, { teamId, userId, role: 'member', now: nowIso(), isPending });
    return { isNew, isPending };
  });
}

/**
 * Tells who must know of a new join: a member's join changes every member's roster; a pending one reaches the
 * coaches only (`team.join_requested`, and their roster's `team.changed`) and the one waiting (their other tabs).
 */
async function announceJoin(deps: TTeamsDeps, team: { id: number; name: string }, userId: string, isPending: boolean) {
  if (!isPending) return emitTeamChanged(deps, team.id);
  const [coachIds, names] = await Promise.all([
    repo.listCoachIds(db(deps), team.id),
    findDisplayNames(deps.database, [userId]),
  ]);
  const payload = { teamId: team.id, teamName: team.name, userId, displayName: names.get(userId) ?? 'Someone' };
  for (const coachId of coachIds) {
    deps.events.emit({ name: 'team.join_requested', room: REALTIME_ROOMS.user(coachId), payload });
  }
  for (const id of [...coachIds, userId]) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(id), payload: { teamId: team.id } });
  }
}

/**
 * Joins the team whose code this is (already on it, approved or waiting: nothing changes). On a team that needs
 * approval the caller waits for a coach (`isPending`). An account under 13 that is not team-managed yet (it signed
 * up some other way) becomes team-managed by the coach who owns the link.
 */
export async function joinByCode(deps: TTeamsDeps, user: TSessionUser, code: string, ip: string) {
  await limitJoinAttempts(deps, `team-join:user:${user.id}`);
  await limitJoinAttempts(deps, `team-join:ip:${ip}`);
  const team = await findTeamByCode(deps, code);
  const teamId = Number(team.id);
  const answer = (isNewMember: boolean, isPending: boolean): TJoinTeamResponse => ({
    teamId,
    teamName: team.name,
    isNewMember,
    isPending,
  });
  // Someone already on the team (even once joining is off) is simply on it, or still waiting.
  const existing = await repo.findJoin(db(deps), teamId, user.id);
  if (existing) return answer(false, existing.isPending);
  if (!isJoinOpen(team)) throw joiningOffError();
  const joined = await insertMemberWithinCap(deps, teamId, user.id);
  if (joined.isNew && isLimitedToTeams(user) && !user.isTeamManaged) {
    const coachId = await repo.findLinkOwner(db(deps), teamId, team.createdBy);
    if (coachId) await markTeamManaged(deps.database, user.id, coachId);
  }
  if (joined.isNew) await announceJoin(deps, { id: teamId, name: team.name }, user.id, joined.isPending);
  // A new teammate (not one waiting for the coach) may now meet the team's minors: a pair waiting is paired now.
  if (joined.isNew && !joined.isPending) await rematchWaiting(deps, [user.id]);
  return answer(joined.isNew, joined.isPending);
}

/** Someone the coach approves or declines is on the team already, or not on it at all: said apart. */
async function notWaitingError(deps: TTeamsDeps, teamId: number, memberId: string): Promise<AppError> {
  if (await repo.findJoin(db(deps), teamId, memberId)) {
    return new AppError('conflict', 'That person is on the team already.', undefined, 'already_member');
  }
  return new AppError('not_found', 'That person is not waiting to join this team.');
}

/**
 * A coach approves someone waiting to join: from now on a member, a teammate everywhere, and one the queue pairs
 * with the team's minors who wait now (not at the next join).
 */
export async function approveMember(deps: TTeamsDeps, user: TSessionUser, teamId: number, memberId: string) {
  await requireCoach(deps, user, teamId);
  if (!(await repo.approvePendingMember(db(deps), teamId, memberId)))
    throw await notWaitingError(deps, teamId, memberId);
  await emitTeamChanged(deps, teamId);
  await rematchWaiting(deps, [memberId]);
  return getTeam(deps, user, teamId);
}

/** A coach declines someone waiting to join: the request goes, and they are told (their page closes the wait). */
export async function declineMember(deps: TTeamsDeps, user: TSessionUser, teamId: number, memberId: string) {
  await requireCoach(deps, user, teamId);
  if (!(await repo.deletePendingMember(db(deps), teamId, memberId)))
    throw await notWaitingError(deps, teamId, memberId);
  for (const id of [...(await repo.listCoachIds(db(deps), teamId)), memberId]) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(id), payload: { teamId } });
  }
  return getTeam(deps, user, teamId);
}

/** The coach's "Require approval to join" (a team with anyone under 18 needs approval whatever it says). */
export async function setJoinApproval(deps: TTeamsDeps, user: TSessionUser, teamId: number, isRequired: boolean) {
  await requireCoach(deps, user, teamId);
  await repo.setRequiresApproval(db(deps), teamId, isRequired);
  return getTeam(deps, user, teamId);
}
