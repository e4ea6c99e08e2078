/**
 * Judges a coach brings: a coach of a team with active entrants in a tournament adds the team's own members (adults
 * who may judge, as the host's door for a judge reads them) to the judge pool, judging for that team, and takes out
 * those they brought. That is how a team meets its judge obligation; the hosts keep the whole pool (`addJudge`,
 * `removeJudge`). Also the dashboard's list of the obligations a coach's teams have not met yet.
 */
import {
  ageDoorRefusal,
  isUnder18,
  judgesOwed,
  type TJudgesOwed,
  type TSessionUser,
  type TTeamJudges,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { coachedTeamIds, memberIdsOf, membershipIn, teamNames } from '../memberships/memberships.service';
import { ageBandsOf, findDoorUserById, findUserNames } from '../users/users.service';
import * as judgingRepo from './tournament-judging.repository';
import * as repo from './tournaments.repository';
import { requireViewer, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import { checkPoolJudge } from './tournament-judge-pool';

const db = (deps: TTournamentsDeps) => deps.database.db;

const NOT_A_COACH = 'Only a coach of a team with entrants in this tournament brings its judges.';

/** The teams of the tournament's active entrants that `userId` coaches. */
async function coachedTeamsWithEntrants(deps: TTournamentsDeps, id: number, userId: string): Promise<number[]> {
  const [coached, entrants] = await Promise.all([
    coachedTeamIds(db(deps), userId),
    judgingRepo.countEntrantsByTeam(db(deps), id),
  ]);
  return coached.filter((teamId) => (entrants.get(teamId) ?? 0) > 0);
}

/** The team's members a coach may bring: adults who may judge, not active entrants, not in the pool yet. */
async function candidatesOf(deps: TTournamentsDeps, id: number, teamId: number, inPool: ReadonlySet<string>) {
  const entrants = new Set(
    (await repo.listEntrants(db(deps), id)).filter((e) => e.withdrawnAt === null).map((e) => e.userId),
  );
  const memberIds = (await memberIdsOf(db(deps), teamId)).filter((m) => !inPool.has(m) && !entrants.has(m));
  const bands = await ageBandsOf(db(deps), memberIds);
  const out: { userId: string; displayName: string }[] = [];
  for (const memberId of memberIds.filter((m) => !isUnder18(bands.get(m)))) {
    const door = await findDoorUserById(db(deps), memberId);
    if (door && !door.isBanned && ageDoorRefusal(door.user, 'judge') === null) {
      out.push({ userId: memberId, displayName: door.user.displayName });
    }
  }
  return out.sort((a, b) => a.displayName.localeCompare(b.displayName) || a.userId.localeCompare(b.userId));
}

/**
 * For each team of the tournament's entrants the caller coaches: the pool's judges who judge for it (those the caller
 * brought may be taken out by them) and the members they may still bring. Refused to anyone who coaches none.
 */
export async function listTeamJudges(deps: TTournamentsDeps, user: TSessionUser, id: number): Promise<TTeamJudges[]> {
  await requireViewer(deps, user, id);
  const teamIds = await coachedTeamsWithEntrants(deps, id, user.id);
  if (teamIds.length === 0) throw new AppError('forbidden', NOT_A_COACH);
  const pool = await repo.listJudges(db(deps), id);
  const [names, judgeNames] = await Promise.all([
    teamNames(db(deps), teamIds),
    findUserNames(
      db(deps),
      pool.map((j) => j.userId),
    ),
  ]);
  const inPool = new Set(pool.map((j) => j.userId));
  const out: TTeamJudges[] = [];
  for (const teamId of teamIds) {
    out.push({
      teamId,
      teamName: names.get(teamId) ?? 'A team',
      judges: pool
        .filter((j) => j.teamId !== null && Number(j.teamId) === teamId)
        .map((j) => ({
          userId: j.userId,
          displayName: judgeNames.get(j.userId) ?? 'Someone',
          canRemove: j.addedBy === user.id,
        })),
      candidates: await candidatesOf(deps, id, teamId, inPool),
    });
  }
  return out.sort((a, b) => a.teamName.localeCompare(b.teamName) || a.teamId - b.teamId);
}

/**
 * A coach brings `judgeId`, a member of their team `teamId` (which has entrants here), to the pool, judging for that
 * team. Refused, each with its reason: a caller who does not coach the team, someone not on it, an account that may
 * not judge (no month of birth, run with its team), a minor, an entrant, a full pool, a judge already in it.
 */
export async function addTeamJudge(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  input: { teamId: number; userId: string },
): Promise<TTeamJudges[]> {
  const { row } = await requireViewer(deps, user, id);
  if (!(await coachedTeamsWithEntrants(deps, id, user.id)).includes(input.teamId)) {
    throw new AppError('forbidden', NOT_A_COACH);
  }
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const teamName = (await teamNames(db(deps), [input.teamId])).get(input.teamId) ?? 'your team';
  const door = await findDoorUserById(db(deps), input.userId);
  if (!door || door.isBanned || !(await membershipIn(db(deps), input.teamId, input.userId))) {
    throw new AppError('forbidden', `You bring only members of ${teamName}: that person is not one.`);
  }
  const name = door.user.displayName;
  if (ageDoorRefusal(door.user, 'judge') === null && isUnder18(door.user.ageBand)) {
    throw new AppError('forbidden', `${name} is under 18: a team brings judges who are 18 or over.`);
  }
  await checkPoolJudge(deps, id, input.userId, door.user);
  const values = { tournamentId: id, userId: input.userId, teamId: input.teamId, addedAt: nowIso(), addedBy: user.id };
  if (!(await repo.insertJudge(db(deps), values))) {
    throw new AppError('conflict', `${name} is in the judge pool already.`);
  }
  await emitChanged(deps, id);
  return listTeamJudges(deps, user, id);
}

/** A coach takes out of the pool a judge they brought (the hosts take out anyone; rooms judged keep their judge). */
export async function removeTeamJudge(deps: TTournamentsDeps, user: TSessionUser, id: number, judgeId: string) {
  await requireViewer(deps, user, id);
  const teamIds = await coachedTeamsWithEntrants(deps, id, user.id);
  if (teamIds.length === 0) throw new AppError('forbidden', NOT_A_COACH);
  const judge = await judgingRepo.findJudge(db(deps), id, judgeId);
  if (!judge) throw new AppError('not_found', 'That judge is not in this tournament’s pool.');
  if (judge.addedBy !== user.id || judge.teamId === null || !teamIds.includes(Number(judge.teamId))) {
    throw new AppError('forbidden', 'You take out only the judges you brought; the hosts manage the rest of the pool.');
  }
  await repo.deleteJudge(db(deps), id, judgeId);
  await emitChanged(deps, id);
}

/**
 * The judges the caller's teams still owe, one line per tournament and team: tournaments not over, with an
 * obligation, where the team has active entrants and fewer judges in the pool than it owes. Empty for a non-coach.
 */
export async function listJudgesOwed(deps: TTournamentsDeps, user: TSessionUser): Promise<TJudgesOwed[]> {
  const teamIds = await coachedTeamIds(db(deps), user.id);
  const obliged = await judgingRepo.listObligedTeams(db(deps), teamIds);
  if (obliged.length === 0) return [];
  const [brought, names] = await Promise.all([
    judgingRepo.countTeamJudges(db(deps), [...new Set(obliged.map((o) => o.tournamentId))], teamIds),
    teamNames(db(deps), [...new Set(obliged.map((o) => o.teamId))]),
  ]);
  return obliged.flatMap((o) => {
    const owed = judgesOwed(o.entrants, o.entrantsPerJudge);
    const count = brought.get(`${o.tournamentId}:${o.teamId}`) ?? 0;
    if (count >= owed) return [];
    return [
      {
        tournamentId: o.tournamentId,
        tournamentName: o.tournamentName,
        teamId: o.teamId,
        teamName: names.get(o.teamId) ?? 'A team',
        owed,
        brought: count,
        missing: owed - count,
      },
    ];
  });
}
