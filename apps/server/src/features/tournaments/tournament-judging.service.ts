/**
 * The routes' side of judging a tournament beyond the pool: the judge obligation (a host sets one judge per N
 * entrants of a team; coaches of the entrants' teams see what their team owes and has brought), the pool's paradigms
 * (for everyone who follows the tournament, before their rounds start), and Parli motions per round (a host sets each
 * until the round is released; everyone else reads it only from its release).
 */
import {
  divisionLabel,
  judgesOwed,
  type TJudgeObligations,
  type TMyData,
  type TPoolParadigm,
  type TSessionUser,
  type TTournament,
  type TTournamentMotion,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { screenText } from '../../lib/text-filter';
import { teamNames } from '../memberships/memberships.service';
import { findUserNames } from '../users/users.service';
import { coachedEntrantTeams, judgeParadigms } from './tournament-judging';
import * as judgingRepo from './tournament-judging.repository';
import * as repo from './tournaments.repository';
import { isManager, lockKey, requireManager, requireViewer, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import { lastRoundOf } from './tournament-elimination';
import { getTournament } from './tournament-presenter';

const db = (deps: TTournamentsDeps) => deps.database.db;

/** A host sets (or, with null, lifts) the judge obligation: one judge owed per `entrantsPerJudge` entrants of a team. */
export async function setJudgeObligation(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  entrantsPerJudge: number | null,
): Promise<TTournament> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  await judgingRepo.setEntrantsPerJudge(db(deps), id, entrantsPerJudge);
  await emitChanged(deps, id);
  return getTournament(deps, user, id);
}

/**
 * What each team owes: hosts see every team with active entrants; a coach of an entrant's team sees their own teams;
 * anyone else who sees the tournament, the setting alone.
 * Judges brought are the pool's judges who judge for the team (`tournamentJudges.teamId`).
 */
export async function listJudgeObligations(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
): Promise<TJudgeObligations> {
  const { row, viewer } = await requireViewer(deps, user, id);
  // Anyone else who sees the tournament reads the setting and no team's count.
  const coached = await coachedEntrantTeams(db(deps), id, user.id);
  const [entrants, judges] = await Promise.all([
    judgingRepo.countEntrantsByTeam(db(deps), id),
    judgingRepo.countJudgesByTeam(db(deps), id),
  ]);
  const teamIds = [...entrants.keys()].filter((teamId) => isManager(viewer) || coached.includes(teamId));
  const names = await teamNames(db(deps), teamIds);
  const teams = teamIds
    .map((teamId) => {
      const count = entrants.get(teamId) ?? 0;
      const owed = judgesOwed(count, row.entrantsPerJudge);
      const brought = judges.get(teamId) ?? 0;
      return {
        teamId,
        teamName: names.get(teamId) ?? 'A team',
        entrants: count,
        owed,
        brought,
        isMet: brought >= owed,
      };
    })
    .sort((a, b) => a.teamName.localeCompare(b.teamName) || a.teamId - b.teamId);
  return { entrantsPerJudge: row.entrantsPerJudge, teams };
}

/** The judge pool as the tournament's people read it: each judge's name, team and paradigm. */
export async function listPoolParadigms(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
): Promise<TPoolParadigm[]> {
  const { viewer } = await requireViewer(deps, user, id);
  const isCoach = (await coachedEntrantTeams(db(deps), id, user.id)).length > 0;
  if (!isManager(viewer) && !viewer.entrant && !viewer.isJudge && !isCoach) {
    throw new AppError('forbidden', 'Only the tournament’s hosts, entrants, judges and their coaches see its judges.');
  }
  const rows = await repo.listJudges(db(deps), id);
  const ids = rows.map((r) => r.userId);
  const [names, paradigms, teams] = await Promise.all([
    findUserNames(db(deps), ids),
    judgeParadigms(db(deps), ids),
    teamNames(db(deps), [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [Number(r.teamId)])))]),
  ]);
  return rows.map((r) => ({
    userId: r.userId,
    displayName: names.get(r.userId) ?? 'Someone',
    teamName: r.teamId === null ? null : (teams.get(Number(r.teamId)) ?? null),
    paradigm: paradigms.get(r.userId) ?? null,
  }));
}

/** Whether preliminary round `number` is released (in every division at once). */
async function isReleased(tx: Kysely<DB>, id: number, number: number): Promise<boolean> {
  const rounds = (await repo.listRounds(tx, id)).filter((r) => r.number === number);
  return rounds.length > 0 && rounds.every((r) => r.status !== 'draft');
}

/** The motions: every one for hosts; only those of released rounds for everyone else who sees the tournament. */
export async function listMotions(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
): Promise<TTournamentMotion[]> {
  const { viewer } = await requireViewer(deps, user, id);
  const rounds = await repo.listRounds(db(deps), id);
  const released = new Set(rounds.filter((r) => r.status !== 'draft').map((r) => r.number));
  const motions = (await judgingRepo.listMotions(db(deps), id)).map((m) => ({
    roundNumber: Number(m.roundNumber),
    motion: m.motion,
    isReleased: released.has(Number(m.roundNumber)),
    updatedAt: m.updatedAt,
  }));
  return isManager(viewer) ? motions : motions.filter((m) => m.isReleased);
}

/** A host sets a Parli or British Parliamentary round's motion, until the round is released (its rooms then open with it). */
export async function setMotion(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  number: number,
  motion: string,
): Promise<TTournamentMotion> {
  const { row } = await requireManager(deps, user, id);
  if (row.formatId !== 'parli' && row.formatId !== 'bp') {
    throw new AppError('validation_failed', 'Motions per round are for Parli and British Parliamentary tournaments.');
  }
  // A BP tournament's elimination rounds have their own motions too (released with the round, as a preliminary's).
  const last = row.formatId === 'bp' ? lastRoundOf(row) : row.prelimRounds;
  if (number > last) {
    throw new AppError(
      'not_found',
      row.formatId === 'bp'
        ? `This tournament has ${last} rounds; there is no round ${number}.`
        : `This tournament has ${row.prelimRounds} preliminary rounds; there is no round ${number}.`,
    );
  }
  screenText({ motion });
  const updatedAt = nowIso();
  // Under the tournament's lock, which a release takes too: a motion is set before its round's release or refused.
  await withKeyLock(deps.database, lockKey(id), async (trx) => {
    if (await isReleased(trx, id, number)) {
      throw new AppError('conflict', `Round ${number} has been released: its motion can no longer change.`);
    }
    await judgingRepo.upsertMotion(trx, { tournamentId: id, roundNumber: number, motion, updatedAt });
  });
  return { roundNumber: number, motion, isReleased: false, updatedAt };
}

/**
 * "Download my data": the account's tournament entries (tournament, division, team, withdrawal, no-shows, late
 * byes) and the judge pools it is in (the team judged for, rounds it cannot judge, conflicts it declared, by name).
 */
export async function tournamentDataOf(
  deps: Pick<TTournamentsDeps, 'database'>,
  userId: string,
): Promise<Pick<TMyData, 'tournamentEntries' | 'tournamentJudging'>> {
  const tx = deps.database.db;
  const [entries, judging, unavailable, conflicts] = await Promise.all([
    judgingRepo.listEntriesOfUser(tx, userId),
    judgingRepo.listJudgingOfUser(tx, userId),
    judgingRepo.listUnavailableOfUser(tx, userId),
    judgingRepo.listConflictsOfUser(tx, userId),
  ]);
  const teamIds = [...new Set([...entries, ...judging].flatMap((r) => (r.teamId === null ? [] : [Number(r.teamId)])))];
  const [teams, names] = await Promise.all([
    teamNames(tx, teamIds),
    findUserNames(tx, [...new Set(conflicts.map((c) => c.entrantUserId))]),
  ]);
  const teamOf = (teamId: number | null) => (teamId === null ? null : (teams.get(Number(teamId)) ?? null));
  return {
    tournamentEntries: entries.map((e) => ({
      tournamentId: Number(e.tournamentId),
      tournamentName: e.tournamentName,
      division: divisionLabel(e.divisionName, e.ageBand),
      team: teamOf(e.teamId),
      enteredAt: e.enteredAt,
      withdrawnAt: e.withdrawnAt,
      noShows: Number(e.noShows),
      lateByes: Number(e.lateByeScore ?? 0),
    })),
    tournamentJudging: judging.map((j) => ({
      tournamentId: Number(j.tournamentId),
      tournamentName: j.tournamentName,
      team: teamOf(j.teamId),
      addedAt: j.addedAt,
      unavailableRounds: unavailable
        .filter((u) => Number(u.tournamentId) === Number(j.tournamentId))
        .map((u) => Number(u.roundNumber)),
      conflicts: conflicts
        .filter((c) => Number(c.tournamentId) === Number(j.tournamentId))
        .map((c) => names.get(c.entrantUserId) ?? 'Someone'),
    })),
  };
}
