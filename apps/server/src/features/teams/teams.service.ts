/**
 * Teams: a coach creates a team, students join by link or code (`team-joins.service.ts`), coaches manage members and
 * pair practice rounds; members see their team, outsiders its name only (the rules are in the shared `rules/team.ts`).
 */
import { randomInt } from 'node:crypto';
import {
  hasPossibleMinor,
  isLimitedToTeams,
  leaveTeamRefusal,
  canManageTeam,
  canViewTeam,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  memberProgressRefusal,
  memberRemovalRefusal,
  REALTIME_ROOMS,
  TEAM_LIMITS,
  teamManageRefusal,
  teamRoundsRefusal,
  type TCreateTeamRequest,
  type TSessionUser,
  type TTeam,
  type TTeamOutsideView,
  type TTeamRole,
  type TTeamRound,
  type TTeamSummary,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError, refuse } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import type { TDebatesDeps } from '../../context';
import { ageBandsOf, findUserNames } from '../users/users.service';
import { allRatingsOf } from '../users/ratings.service';
import { summarizeRating } from '../../lib/ratings/ratings';
import { getProgress } from '../results/records.service';
import { reportFilterHit } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import * as repo from './teams.repository';
import { membershipIn, membershipOf, teamNames } from '../memberships/memberships.service';
import { inTransaction } from '../../db/transaction';

export type TTeamsDeps = TDebatesDeps;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const db = (deps: TTeamsDeps) => deps.database.db;
const weekAgo = (deps: TTeamsDeps) => new Date((deps.now ? deps.now() : Date.now()) - WEEK_MS).toISOString();

export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

async function requireTeam(deps: TTeamsDeps, teamId: number) {
  const team = await repo.findTeam(db(deps), teamId);
  if (!team) throw new AppError('not_found', 'That team does not exist.');
  return team;
}

/** The team and the caller's place on it; refused unless they are a coach. */
export async function requireCoach(deps: TTeamsDeps, user: TSessionUser, teamId: number) {
  const team = await requireTeam(deps, teamId);
  refuse(teamManageRefusal(await membershipOf(deps, teamId, user.id)));
  return team;
}

/** Tells the team's members (every instance) that the roster or the rounds changed. */
export async function emitTeamChanged(deps: TTeamsDeps, teamId: number): Promise<void> {
  const members = await repo.listMembers(db(deps), teamId);
  for (const member of members) {
    deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(member.userId), payload: { teamId } });
  }
}

/**
 * A new team with its creator as coach. The count of the creator's teams and the insert are one step per person
 * (`withKeyLock`: a transaction holding a lock every instance takes turns on), so simultaneous requests stop at the cap.
 */
export async function createTeam(deps: TTeamsDeps, user: TSessionUser, input: Required<TCreateTeamRequest>) {
  const flagged = screenTeamText(input);
  const teamId = await withKeyLock(deps.database, `team.create:${user.id}`, async (trx) => {
    if ((await repo.countTeamsCreatedBy(trx, user.id)) >= TEAM_LIMITS.createdPerUser) {
      throw new AppError('conflict', `You can create up to ${TEAM_LIMITS.createdPerUser} teams.`);
    }
    const now = nowIso();
    const id = await repo.insertTeam(trx, { ...input, joinCode: newJoinCode(), createdBy: user.id, now });
    await repo.insertMember(trx, { teamId: id, userId: user.id, role: 'coach', now });
    return id;
  });
  if (flagged) await reportFilterHit(deps, user.id, flagged, { surface: 'team', teamId });
  return getTeam(deps, user, teamId);
}

/** A team's words pass the text filter: a slur is refused (the field named), other matches are filed once stored. */
const screenTeamText = (input: Required<TCreateTeamRequest>) =>
  screenText({ name: input.name, school: input.school, description: input.description });

export async function updateTeam(
  deps: TTeamsDeps,
  user: TSessionUser,
  teamId: number,
  input: Required<TCreateTeamRequest>,
) {
  await requireCoach(deps, user, teamId);
  const flagged = screenTeamText(input);
  await repo.updateTeam(db(deps), teamId, input);
  if (flagged) await reportFilterHit(deps, user.id, flagged, { surface: 'team', teamId });
  await emitTeamChanged(deps, teamId);
  return getTeam(deps, user, teamId);
}

/** A new join code (the old one stops working), or none: joining by code switched off. */
export async function setJoinCode(deps: TTeamsDeps, user: TSessionUser, teamId: number, enabled: boolean) {
  await requireCoach(deps, user, teamId);
  if (enabled) await repo.openJoining(db(deps), teamId, newJoinCode());
  else await repo.closeJoining(db(deps), teamId);
  return getTeam(deps, user, teamId);
}

/** The teams a user is on, and those they wait to join (`isPending`, no role yet). */
export async function listMyTeams(deps: TTeamsDeps, user: TSessionUser): Promise<TTeamSummary[]> {
  const rows = await repo.listTeamsOfUser(db(deps), user.id);
  return rows.map((r) => {
    const isPending = Number(r.isPending) === 1;
    return {
      id: Number(r.id),
      name: r.name,
      school: r.school,
      myRole: isPending ? null : r.role,
      memberCount: Number(r.memberCount),
      isPending,
    };
  });
}

export const isJoinOpen = (team: { joinCode: string | null; isJoinOpen: number }) =>
  team.joinCode !== null && Number(team.isJoinOpen) === 1;

/**
 * What a coach sees of joining's approval: the team's own switch, and whether anyone on it (or waiting to
 * join) may be under 18 (`hasPossibleMinor`), which makes approval needed whatever the switch says.
 */
async function joinApprovalOf(deps: TTeamsDeps, team: { id: number; requiresApproval: number }) {
  const bands = await ageBandsOf(db(deps), await repo.listAllMemberIds(db(deps), Number(team.id)));
  return { isRequired: Number(team.requiresApproval) === 1, isForced: hasPossibleMinor([...bands.values()]) };
}

/**
 * A member sees the whole team (a coach also its join code, who waits for approval and the approval switch); anyone
 * else its name only, and whether they wait for approval to join it.
 */
export async function getTeam(deps: TTeamsDeps, user: TSessionUser, teamId: number): Promise<TTeam | TTeamOutsideView> {
  const team = await requireTeam(deps, teamId);
  const membership = await membershipOf(deps, teamId, user.id);
  if (!canViewTeam(membership)) {
    const isPending = (await repo.findJoin(db(deps), teamId, user.id))?.isPending ?? false;
    return { id: teamId, name: team.name, myRole: null, isPending };
  }
  const tx = db(deps);
  const isCoach = canManageTeam(membership);
  const rows = await repo.listMembers(tx, teamId);
  const userIds = rows.map((r) => r.userId);
  const [ratings, roundsThisWeek, teamRoundsThisWeek, pending, joinApproval] = await Promise.all([
    allRatingsOf(tx, userIds),
    repo.countRoundsSince(tx, userIds, weekAgo(deps)),
    repo.countTeamRoundsSince(tx, teamId, weekAgo(deps)),
    isCoach ? repo.listPendingMembers(tx, teamId) : [],
    isCoach ? joinApprovalOf(deps, team) : null,
  ]);
  return {
    id: teamId,
    name: team.name,
    school: team.school,
    description: team.description,
    myRole: membership!.role,
    memberCount: rows.length,
    isPending: false,
    joinCode: isCoach && isJoinOpen(team) ? team.joinCode : null,
    roundsThisWeek: teamRoundsThisWeek,
    members: rows.map((r) => ({
      userId: r.userId,
      displayName: r.displayName,
      role: r.role,
      isJudge: Number(r.isJudge) === 1,
      points: Number(r.score ?? 0),
      ratings: (ratings.get(r.userId) ?? []).map(({ formatId, rating }) => {
        const summary = summarizeRating(rating);
        return { formatId, rating: summary.rating, isProvisional: summary.isProvisional };
      }),
      roundsThisWeek: roundsThisWeek.get(r.userId) ?? 0,
    })),
    pendingMembers: pending.map((p) => ({ userId: p.userId, displayName: p.displayName, joinedAt: p.joinedAt })),
    joinApproval,
  };
}

function notOnTeamError(): AppError {
  return new AppError('not_found', 'That person is not on this team.');
}

/** Makes a member a co-coach (or a coach a member again), or names them a judge; the last coach stays. */
export async function updateMember(
  deps: TTeamsDeps,
  user: TSessionUser,
  teamId: number,
  memberId: string,
  change: { role?: TTeamRole | undefined; isJudge?: boolean | undefined },
) {
  await requireCoach(deps, user, teamId);
  await inTransaction(deps.database, async (trx) => {
    const membership = await membershipIn(trx, teamId, memberId);
    if (!membership) throw notOnTeamError();
    if (
      change.role === 'member' &&
      membership.role === 'coach' &&
      (await repo.countMembers(trx, teamId, 'coach')) <= 1
    ) {
      throw new AppError('conflict', 'A team needs a coach: make someone else a coach first.', undefined, 'last_coach');
    }
    await repo.updateMember(trx, teamId, memberId, change);
  });
  await emitTeamChanged(deps, teamId);
  return getTeam(deps, user, teamId);
}

/** A coach removes a member, or a member leaves. The last coach cannot go. */
export async function removeMember(deps: TTeamsDeps, user: TSessionUser, teamId: number, memberId: string) {
  await requireTeam(deps, teamId);
  refuse(memberRemovalRefusal(user.id, await membershipOf(deps, teamId, user.id), memberId));
  // Age: an account limited to its teams does not leave its last one; its coach may remove it.
  if (user.id === memberId && isLimitedToTeams(user)) {
    refuse(leaveTeamRefusal(user, memberId, await repo.countTeamsOfUser(db(deps), memberId)));
  }
  await inTransaction(deps.database, async (trx) => {
    // Someone waiting for approval may take their request back (or a coach remove it) as a member leaves.
    const membership = await membershipIn(trx, teamId, memberId);
    if (!membership && !(await repo.findJoin(trx, teamId, memberId))) throw notOnTeamError();
    if (membership?.role === 'coach' && (await repo.countMembers(trx, teamId, 'coach')) <= 1) {
      throw new AppError(
        'conflict',
        'A team needs a coach: make someone else a coach before leaving.',
        undefined,
        'last_coach',
      );
    }
    await repo.deleteMember(trx, teamId, memberId);
  });
  await emitTeamChanged(deps, teamId);
  // The one who left (or was removed) is told too, so an open team page closes.
  deps.events.emit({ name: 'team.changed', room: REALTIME_ROOMS.user(memberId), payload: { teamId } });
}

/** Shapes debate rows of team rounds for lists. */
export async function toTeamRounds(deps: TTeamsDeps, rows: Awaited<ReturnType<typeof repo.listTeamDebates>>) {
  const names = await findUserNames(
    db(deps),
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  const teams = await teamNames(db(deps), [...new Set(rows.map((r) => Number(r.teamId)))]);
  const person = (id: string) => ({ userId: id, displayName: names.get(id) ?? 'Former user' });
  return rows.map((r): TTeamRound => ({
    debateId: Number(r.id),
    formatId: r.formatId,
    status: r.status,
    debaters: { a: person(r.debaterAId), b: person(r.debaterBId) },
    judge: r.judgeId ? person(r.judgeId) : null,
    winnerSide: r.winnerSide,
    isCancelled: r.cancelledAt !== null,
    startsAt: r.startsAt,
    createdAt: r.createdAt,
    teamId: Number(r.teamId),
    teamName: teams.get(Number(r.teamId)) ?? '',
  }));
}

export async function listTeamRounds(deps: TTeamsDeps, user: TSessionUser, teamId: number): Promise<TTeamRound[]> {
  await requireTeam(deps, teamId);
  refuse(teamRoundsRefusal(await membershipOf(deps, teamId, user.id)));
  return toTeamRounds(deps, await repo.listTeamDebates(db(deps), teamId, 100));
}

/** The practice rounds a user debates or judges that are not decided yet (the dashboard's list). */
export async function listMyOpenRounds(deps: TTeamsDeps, user: TSessionUser): Promise<TTeamRound[]> {
  return toTeamRounds(deps, await repo.listOpenTeamDebatesOf(db(deps), user.id));
}

/** A member's progress: for the team's coaches, and for the member themselves. */
export async function getMemberProgress(deps: TTeamsDeps, user: TSessionUser, teamId: number, memberId: string) {
  await requireTeam(deps, teamId);
  refuse(memberProgressRefusal(user.id, await membershipOf(deps, teamId, user.id), memberId));
  if (!(await membershipOf(deps, teamId, memberId))) throw notOnTeamError();
  return getProgress(deps, memberId);
}

/** The teams a user belongs to, for their profile. */

/** A team's name and school, as a moderation report of it copies them (null: no such team). */
export async function teamForReport(deps: TTeamsDeps, teamId: number) {
  const row = await repo.findTeam(db(deps), teamId);
  return row ? { id: Number(row.id), name: row.name, school: row.school ?? null } : null;
}
