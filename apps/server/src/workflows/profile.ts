/**
 * Debater profiles: what every signed-in user sees of a debater, and the finished rounds they debated or
 * judged that the viewer may replay (the shared `canViewReplay` rule, the one the replay itself enforces).
 */
import {
  canViewReplay,
  isUnder18,
  PROFILE_ROUNDS_PAGE_SIZE,
  type TProfileJudgedRoundsResponse,
  type TProfileRound,
  type TProfileRoundsResponse,
  type TPublicProfile,
  type TSessionUser,
  type TTeamMembership,
} from '@resolved/shared';
import { AppError } from '../lib/errors';
import type { TDebatesDeps } from '../context';
import { db, seatsOfRounds, seatsOfRow } from '../features/debates/round-row';
import { panelsOf } from '../features/debates/panels.service';
import type { TDebateRow } from '../features/debates/debates.tables';
import { getRecord, seatsAndNamesOf, toJudgedRounds, toRoundOfDebater } from '../features/results/records.service';
import { listFinishedDebatesOfUser, listJudgedDebates } from '../features/results/results.service';
import { membershipsOf, teamIdsOfUsers } from '../features/memberships/memberships.service';
import { ageBandsOf, findPublicUser, standingOf } from '../features/users/users.service';
import { paradigmsOf } from '../features/users/paradigm.service';

/** Rounds read per query while filling a page: a page's worth and as many again for rounds the viewer may not see. */
const SCAN_BATCH = PROFILE_ROUNDS_PAGE_SIZE * 2;
/** Queries one page may take; past them the page ends early and `nextBefore` carries on from where it stopped. */
const MAX_SCANS = 5;

/**
 * The debater whose profile this is. An account limited to its teams has no public profile: only itself,
 * the people it shares a team with (its coach, its teammates: the rosters and practice rounds that name it link
 * here) and moderators and admins (its cases link here) see it; to anyone else it is an account that does not exist.
 */
async function requireProfileUser(deps: TDebatesDeps, viewer: TSessionUser, userId: string) {
  const user = await findPublicUser(deps.database.db, userId);
  if (!user || (user.isLimitedToTeams && !(await mayViewTeamLimited(deps, viewer, userId)))) {
    throw new AppError('not_found', 'That debater does not exist.');
  }
  return user;
}

async function mayViewTeamLimited(deps: TDebatesDeps, viewer: TSessionUser, userId: string): Promise<boolean> {
  if (viewer.id === userId || viewer.role === 'moderator' || viewer.role === 'admin') return true;
  const teams = await teamIdsOfUsers(deps.database.db, [viewer.id, userId]);
  const viewerTeams = new Set(teams.get(viewer.id) ?? []);
  return (teams.get(userId) ?? []).some((teamId) => viewerTeams.has(teamId));
}

/**
 * A debater's profile. A minor's shows only the name and the debate record: no points, rank, ratings, date of
 * joining or judge's paradigm (the route lets only signed-in people ask, as for every profile). An adult's shows
 * their paradigm when they wrote one, so debaters read how a judge judges wherever the judge's name links here.
 */
export async function getProfile(deps: TDebatesDeps, viewer: TSessionUser, userId: string): Promise<TPublicProfile> {
  const user = await requireProfileUser(deps, viewer, userId);
  const [standing, record, bands, paradigms] = await Promise.all([
    standingOf(deps.database, userId),
    getRecord(deps, userId),
    ageBandsOf(deps.database.db, [userId]),
    paradigmsOf(deps.database.db, [userId]),
  ]);
  const wonLost = {
    wins: record.wins,
    losses: record.losses,
    noDecision: record.noDecision,
    averageSpeakerPoints: record.averageSpeakerPoints,
  };
  if (isUnder18(bands.get(userId))) {
    const hidden = { score: null, rank: null, memberSince: null, ratings: [], paradigm: null };
    return { id: user.id, displayName: user.displayName, isLimited: true, record: wonLost, ...hidden };
  }
  return {
    id: user.id,
    displayName: user.displayName,
    isLimited: false,
    score: user.score,
    rank: standing?.rank ?? 0,
    memberSince: user.createdAt,
    record: wonLost,
    ratings: record.ratings,
    paradigm: paradigms.get(userId) ?? null,
  };
}

/**
 * A judge's paradigm as `viewer` reads it beside the judge's name: null when there is none, the judge is under 18, or
 * `viewer` may not see the judge's profile (an account limited to its teams, to someone outside them), as if there
 * were no such account.
 */
export async function paradigmFor(deps: TDebatesDeps, viewer: TSessionUser, userId: string): Promise<string | null> {
  const user = await findPublicUser(deps.database.db, userId);
  if (!user || (user.isLimitedToTeams && !(await mayViewTeamLimited(deps, viewer, userId)))) return null;
  return (await paradigmsOf(deps.database.db, [userId])).get(userId) ?? null;
}

/**
 * A page of the finished rounds `userId` debated that `viewer` may replay, newest first. Rounds are read in batches
 * and filtered by the shared rule, so a team's practice rounds never reach outsiders; a page can come back short
 * (even empty) with a `nextBefore` when many rounds in a row were hidden.
 */
export async function listProfileRounds(
  deps: TDebatesDeps,
  viewer: TSessionUser,
  userId: string,
  before: number | null,
): Promise<TProfileRoundsResponse> {
  await requireProfileUser(deps, viewer, userId);
  const tx = db(deps);
  const { visible, nextBefore } = await readVisiblePage(deps, viewer, before, (page) =>
    listFinishedDebatesOfUser(tx, userId, page),
  );
  const { seatsOf, names } = await seatsAndNamesOf(deps, visible);
  const rounds = visible.map((row): TProfileRound => ({
    ...toRoundOfDebater(row, userId, names, seatsOf(row)),
    isTeamRound: row.kind === 'team',
  }));
  return { rounds, nextBefore };
}

/**
 * A page of the finished rounds `userId` judged that `viewer` may replay, newest first, with their ballots: the same
 * rule, batches and paging as the rounds they debated (a round still waiting for its ballot is not finished).
 */
export async function listProfileJudgedRounds(
  deps: TDebatesDeps,
  viewer: TSessionUser,
  userId: string,
  before: number | null,
): Promise<TProfileJudgedRoundsResponse> {
  await requireProfileUser(deps, viewer, userId);
  const tx = db(deps);
  const { visible, nextBefore } = await readVisiblePage(deps, viewer, before, (page) =>
    listJudgedDebates(tx, userId, { ...page, excludedStatuses: ['live', 'awaiting_ballot'] }),
  );
  return { rounds: await toJudgedRounds(deps, visible), nextBefore };
}

/**
 * Up to a page of the rounds `read` returns (newest first, older than its `beforeId`) that `viewer` may replay, by
 * the shared `canViewReplay`; `nextBefore` carries on where the reading stopped, or is null at the end.
 */
async function readVisiblePage(
  deps: TDebatesDeps,
  viewer: TSessionUser,
  before: number | null,
  read: (page: { beforeId: number | null; limit: number }) => Promise<TDebateRow[]>,
): Promise<{ visible: TDebateRow[]; nextBefore: number | null }> {
  const tx = db(deps);
  const visible: TDebateRow[] = [];
  const memberships = new Map<number, TTeamMembership>();
  let cursor = before;
  let hasMore = true;
  for (let scan = 0; scan < MAX_SCANS && hasMore && visible.length < PROFILE_ROUNDS_PAGE_SIZE; scan++) {
    const rows = await read({ beforeId: cursor, limit: SCAN_BATCH });
    hasMore = rows.length === SCAN_BATCH;
    const unknownTeams = [
      ...new Set(
        rows.flatMap((r) => (r.teamId !== null && !memberships.has(Number(r.teamId)) ? [Number(r.teamId)] : [])),
      ),
    ];
    const found = await membershipsOf(tx, unknownTeams, viewer.id);
    for (const teamId of unknownTeams) memberships.set(teamId, found.get(teamId) ?? null);
    // A panel's judges replay its round as the chair does (only a tournament seats panels).
    const panels = await panelsOf(
      tx,
      rows.filter((r) => r.kind === 'tournament').map((r) => Number(r.id)),
    );
    // Every debater of a round (partners too) replays it as its first seats do.
    const seats = await seatsOfRounds(
      deps,
      rows.map((r) => Number(r.id)),
    );
    for (const [index, row] of rows.entries()) {
      cursor = Number(row.id);
      const round = {
        ...seatsOfRow(row),
        debaterIds: seats.get(Number(row.id))?.map((seat) => seat.userId),
        panelJudgeIds: panels.get(Number(row.id)),
        isTeamRound: row.kind === 'team',
        isPrivate: Number(row.replayPrivate) === 1,
      };
      const membership = row.teamId === null ? null : (memberships.get(Number(row.teamId)) ?? null);
      if (canViewReplay(viewer, round, membership)) visible.push(row);
      if (visible.length === PROFILE_ROUNDS_PAGE_SIZE) {
        hasMore ||= index < rows.length - 1;
        break;
      }
    }
  }
  return { visible, nextBefore: hasMore ? cursor : null };
}
