/**
 * Who a caller is to a tournament and the doors of its routes: the tournament found (or "does not exist"), the
 * viewer (host, co-host, entrant, judge, coach of an entrant's team), and what they may do with it, which is the
 * shared rule's (`tournamentAccess`, `packages/shared/src/rules/tournament.ts`), read by the pages too.
 */
import {
  tournamentAccess,
  tournamentRefusal,
  type TSessionUser,
  type TTournamentAccess,
  type TTournamentDoor,
  type TTournamentViewerFacts,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import { AppError, refuse } from '../../lib/errors';
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
  /** Coaches a team with an entrant. */
  isCoachOfEntrant: boolean;
  isAdmin: boolean;
  isSignedIn: boolean;
}

export async function viewerOf(
  deps: TTournamentsDeps,
  row: TTournamentRow,
  user: Pick<TSessionUser, 'id' | 'role'>,
): Promise<TViewer> {
  const [{ entrant, isCohost, isJudge }, coached] = await Promise.all([
    repo.findPlacesOf(db(deps), row.id, user.id),
    coachedEntrantTeams(db(deps), row.id, user.id),
  ]);
  return {
    isHost: row.hostId === user.id,
    isCohost,
    entrant,
    isJudge,
    isCoachOfEntrant: coached.length > 0,
    isAdmin: user.role === 'admin',
    isSignedIn: true,
  };
}

export const isManager = (viewer: TViewer) => viewer.isHost || viewer.isCohost;

/** The viewer's part as the shared rule reads it. */
export function viewerFacts(row: TTournamentRow, viewer: TViewer): TTournamentViewerFacts {
  return {
    isSignedIn: viewer.isSignedIn,
    isAdmin: viewer.isAdmin,
    isHost: viewer.isHost,
    isCohost: viewer.isCohost,
    isEntrant: viewer.entrant !== undefined,
    isJudge: viewer.isJudge,
    isCoachOfEntrant: viewer.isCoachOfEntrant,
    isPublished: row.publishedAt !== null,
  };
}

/** What the viewer may do with the tournament and see of it (`tournamentAccess`). */
export const accessOf = (row: TTournamentRow, viewer: TViewer): TTournamentAccess =>
  tournamentAccess(viewerFacts(row, viewer));

/** Refuses a viewer who may not pass `door`, in the rule's words. */
export function requireDoor(row: TTournamentRow, viewer: TViewer, door: TTournamentDoor): void {
  refuse(tournamentRefusal(viewerFacts(row, viewer), door));
}

/**
 * Who may see a tournament: its hosts and entrants; anyone signed in for an open one; members of its teams for one
 * entered by teams. A tournament entered by code is found through its code. Anyone else is told it does not exist.
 */
export async function requireViewer(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const row = await requireTournament(deps, id);
  const viewer = await viewerOf(deps, row, user);
  // A coach of an entrant's team follows the tournament (and the judges their team owes).
  if (accessOf(row, viewer).isInsider || row.entryMode === 'open' || row.publishedAt !== null) {
    return { row, viewer };
  }
  if (row.entryMode === 'teams') {
    const own = (await teamIdsOfUsers(db(deps), [user.id])).get(user.id) ?? [];
    const entered = await repo.listTeamIds(db(deps), id);
    if (own.some((teamId) => entered.includes(teamId))) return { row, viewer };
  }
  throw notFound();
}

const NO_VIEWER: TViewer = {
  isHost: false,
  isCohost: false,
  entrant: undefined,
  isJudge: false,
  isCoachOfEntrant: false,
  isAdmin: false,
  isSignedIn: false,
};

/** As `requireViewer`, and a visitor (no user) sees a published tournament; an unpublished one asks them to sign in. */
export async function requireReader(deps: TTournamentsDeps, user: TSessionUser | null, id: number) {
  if (user) return requireViewer(deps, user, id);
  const row = await requireTournament(deps, id);
  if (row.publishedAt === null) throw new AppError('unauthenticated', 'Please sign in.');
  return { row, viewer: NO_VIEWER };
}

export async function requireManager(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  requireDoor(row, viewer, 'manage');
  return { row, viewer };
}
