/**
 * Who a caller is to a tournament and the doors of its routes: the tournament found (or "does not exist"), the
 * viewer (host, co-host, entrant, judge), and who may read it or manage it.
 */
import type { TSessionUser } from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { teamIdsOfUsers } from '../memberships/memberships.service';
import { coachedEntrantTeams } from './tournament-judging';
import * as repo from './tournaments.repository';
import type { TEntrantRow, TTournamentRow } from './tournaments.tables';

export type TTournamentsDeps = TDebatesDeps;

export const db = (deps: TTournamentsDeps) => deps.database.db;
export const lockKey = (tournamentId: number) => `tournament:${tournamentId}`;

function notFound(): AppError {
  return new AppError('not_found', 'That tournament does not exist.');
}

export async function requireTournament(deps: TTournamentsDeps, id: number, tx: Kysely<DB> = db(deps)) {
  const row = await repo.findTournament(tx, id);
  if (!row) throw notFound();
  return row;
}

export interface TViewer {
  isHost: boolean;
  isCohost: boolean;
  entrant: TEntrantRow | undefined;
  /** In the judge pool. */
  isJudge: boolean;
}

export async function viewerOf(deps: TTournamentsDeps, row: TTournamentRow, userId: string): Promise<TViewer> {
  const [cohosts, entrant, isJudge] = await Promise.all([
    repo.listCohostIds(db(deps), row.id),
    repo.findEntrantOf(db(deps), row.id, userId),
    repo.isJudge(db(deps), row.id, userId),
  ]);
  return { isHost: row.hostId === userId, isCohost: cohosts.includes(userId), entrant, isJudge };
}

export const isManager = (viewer: TViewer) => viewer.isHost || viewer.isCohost;

/**
 * Who may see a tournament: its hosts and entrants; anyone signed in for an open one; members of its teams for one
 * entered by teams. A tournament entered by code is found through its code. Anyone else is told it does not exist.
 */
export async function requireViewer(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const row = await requireTournament(deps, id);
  const viewer = await viewerOf(deps, row, user.id);
  if (isManager(viewer) || viewer.entrant || viewer.isJudge || row.entryMode === 'open' || user.role === 'admin') {
    return { row, viewer };
  }
  if (row.publishedAt !== null) return { row, viewer };
  if (row.entryMode === 'teams') {
    const own = (await teamIdsOfUsers(db(deps), [user.id])).get(user.id) ?? [];
    const entered = await repo.listTeamIds(db(deps), id);
    if (own.some((teamId) => entered.includes(teamId))) return { row, viewer };
  }
  // A coach of an entrant's team follows the tournament (and the judges their team owes).
  if ((await coachedEntrantTeams(db(deps), id, user.id)).length > 0) return { row, viewer };
  throw notFound();
}

const NO_VIEWER: TViewer = { isHost: false, isCohost: false, entrant: undefined, isJudge: false };

/** As `requireViewer`, and a visitor (no user) sees a published tournament; an unpublished one asks them to sign in. */
export async function requireReader(deps: TTournamentsDeps, user: TSessionUser | null, id: number) {
  if (user) return requireViewer(deps, user, id);
  const row = await requireTournament(deps, id);
  if (row.publishedAt === null) throw new AppError('unauthenticated', 'Please sign in.');
  return { row, viewer: NO_VIEWER };
}

export async function requireManager(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  if (!isManager(viewer)) throw new AppError('forbidden', 'Only the tournament’s hosts can do that.');
  return { row, viewer };
}
