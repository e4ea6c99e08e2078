import type { Kysely } from 'kysely';
import {
  ageBandOf,
  birthMonthChangeRefusal,
  LEADERBOARD_PAGE_SIZE,
  type TAgeBand,
  type TLeaderboardResponse,
  type TSessionUser,
  type TStandingResponse,
} from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refuse } from '../../lib/errors';
import { readCached, type TCachedBody } from '../../lib/read-cache/read-cache';
import { countUsers, findRankingVersion, findStanding, listRankedUsers } from './users.repository';
import * as repo from './users.repository';
import { countDebatesOfUser } from '../results/results.service';

/** The one answer for a user who is not there (deleted, or a wrong id). */
export function userNotFoundError(): AppError {
  return new AppError('not_found', 'User not found.');
}

/** How many debates this user has been matched into (Debates Joined), counted by the debates feature. */
export async function countDebatesJoined(database: TDatabase, userId: string): Promise<number> {
  return countDebatesOfUser(database.db, userId);
}

/** A page of the leaderboard (no e-mails) and, for a signed-in viewer, their own standing. */
type TStanding = { rank: number; tiedWith: number };

/** Ranks kept at most per database handle; past it the cache starts again (a rank is cheap to recompute). */
const STANDING_CACHE_SIZE = 20_000;
const standingCaches = new WeakMap<TDatabase, TRankingCache>();

type TRankingCache = { version: number; byUser: Map<string, TStanding>; total?: Promise<number> };

/** This handle's cache for the ranking's current version (read from the database), and whether it still is. */
async function currentRanking(database: TDatabase) {
  const version = await findRankingVersion(database.db);
  let cache = standingCaches.get(database);
  // A newer version starts a new cache; a reader that raced a change (an older version) bypasses it.
  if (!cache || version > cache.version) standingCaches.set(database, (cache = { version, byUser: new Map() }));
  const kept: TRankingCache = cache;
  return { cache: kept, isCurrent: () => standingCaches.get(database) === kept && kept.version === version };
}

/**
 * A user's rank and tie size, cached per version of the ranking (bumped in the database by every sign-up,
 * score change and deletion, so the cache is exact on every instance). An exact rank inside a large tie
 * counts index entries — milliseconds for someone among tens of thousands at score 0 — so it is computed
 * once per change of the ranking rather than on every dashboard and leaderboard view.
 */
export async function standingOf(
  database: TDatabase,
  userId: string,
  ranking?: Awaited<ReturnType<typeof currentRanking>>,
): Promise<TStanding | null> {
  const { cache, isCurrent } = ranking ?? (await currentRanking(database));
  const cached = isCurrent() ? cache.byUser.get(userId) : undefined;
  if (cached) return cached;
  const standing = await findStanding(database.db, userId);
  // Kept only if no newer version has been seen while it was computed.
  if (standing && isCurrent()) {
    if (cache.byUser.size >= STANDING_CACHE_SIZE) cache.byUser.clear();
    cache.byUser.set(userId, standing);
  }
  return standing;
}

/** How many users there are, counted once per ranking version (every sign-up and deletion bumps it). */
function totalOf(database: TDatabase, { cache, isCurrent }: Awaited<ReturnType<typeof currentRanking>>) {
  if (!isCurrent()) return countUsers(database.db);
  if (!cache.total) {
    const total = countUsers(database.db);
    cache.total = total;
    total.catch(() => {
      if (cache.total === total) cache.total = undefined;
    });
  }
  return cache.total;
}

/**
 * The leaderboard page a visitor sees, serialised once per version of the users table (migration 0038: any
 * sign-up, score change, rename or deletion bumps it), page and month: the same bytes for every visitor. The month
 * (UTC) is in the key because a row's "no profile" mark follows its age band, and bands change only when a month
 * begins (the birthday is counted at the end of the birth month), with no change to the table.
 */
export function getPublicLeaderboard(database: TDatabase, offset: number): Promise<TCachedBody> {
  const month = new Date().toISOString().slice(0, 7);
  return readCached(database, 'leaderboard', `${month}:${offset}`, () => getLeaderboard(database, null, offset));
}

export async function getLeaderboard(
  database: TDatabase,
  viewer: TSessionUser | null,
  offset: number,
): Promise<TLeaderboardResponse> {
  const [entries, total] = await Promise.all([
    listRankedUsers(database.db, { offset, limit: LEADERBOARD_PAGE_SIZE }),
    countUsers(database.db),
  ]);
  let me: TLeaderboardResponse['me'] = null;
  if (viewer) {
    const standing = await standingOf(database, viewer.id);
    if (standing)
      me = { rank: standing.rank, displayName: viewer.displayName, email: viewer.email, score: viewer.score };
  }
  const nextOffset =
    offset + entries.length < total && entries.length === LEADERBOARD_PAGE_SIZE ? offset + entries.length : null;
  return { entries, total, nextOffset, me };
}

/**
 * Everything the dashboard shows: the user, their rank out of all users, ties, and debates joined. `user` is
 * the session user, read from the database for this request.
 */
export async function getStanding(database: TDatabase, user: TSessionUser): Promise<TStandingResponse> {
  const ranking = await currentRanking(database);
  const [standing, total, debatesJoined] = await Promise.all([
    standingOf(database, user.id, ranking),
    totalOf(database, ranking),
    countDebatesJoined(database, user.id),
  ]);
  if (!standing) throw userNotFoundError();
  return { user, rank: standing.rank, total, tiedWith: standing.tiedWith, debatesJoined };
}

/**
 * The statements of `users.repository.ts` other features run: the door (auth), sign-up and promotion (auth), the
 * admin pages, and display names (every round and team page).
 */
export {
  countUsers,
  findAccountForPromotion,
  findDoorUserById,
  findUserByEmail,
  findUserById,
  findUserBySessionToken,
  findUserNames,
  listScoreChanges,
  listUsersForAdmin,
  promoteToAdmin,
  setRoleKeepingAnAdmin,
  type TDoorUser,
} from './users.repository';

// ---- What moderation (issue 23) does to an account, through this feature ----

export const findModerationTarget = (database: TDatabase, id: string) => repo.findModerationTarget(database.db, id);
export const setRestriction = (
  database: TDatabase,
  id: string,
  field: 'mutedUntil' | 'suspendedUntil',
  until: string | null,
) => repo.setRestriction(database.db, id, field, until);
export const setBanned = (database: TDatabase, id: string, reason: string | null) =>
  repo.setBanned(database.db, database.engine === 'postgres', id, reason);
export const setDisplayName = (database: TDatabase, id: string, name: string) =>
  repo.setDisplayName(database.db, id, name);
export const listAdminEmails = (database: TDatabase) => repo.listAdminEmails(database.db);
export const findDisplayNames = (database: TDatabase, ids: string[]) => repo.findUserNames(database.db, ids);

// ---- Age (issue 24, item 1): the month of birth, team-managed accounts, verified judges ----

export const findBirthMonth = (database: TDatabase, id: string) => repo.findBirthMonth(database.db, id);
export const markTeamManaged = (database: TDatabase, id: string, coachId: string) =>
  repo.markTeamManaged(database.db, id, coachId);
export const deleteNewAccount = (database: TDatabase, id: string) => repo.deleteNewAccount(database.db, id);

/**
 * The account gives its own month of birth (asked at the next sign-in of an account that has none): only while it is
 * unset; afterwards only an admin changes it (403 `birth_month_set`).
 */
export async function setOwnBirthMonth(database: TDatabase, user: TSessionUser, birthMonth: string) {
  refuse(birthMonthChangeRefusal(!(await repo.setBirthMonthIfUnset(database.db, user.id, birthMonth))));
  const door = await repo.findDoorUserById(database.db, user.id);
  if (!door) throw userNotFoundError();
  return door.user;
}

/** An admin's change of someone's month of birth or verified-judge flag (logged by the caller). */
export async function updateAgeFields(
  database: TDatabase,
  id: string,
  change: { birthMonth?: string; isVerifiedJudge?: boolean },
): Promise<void> {
  if (!(await repo.updateAgeFields(database.db, id, change))) throw userNotFoundError();
}

/**
 * The age band of each of these users now (issue 24: who a minor meets), null while one has not given a month of
 * birth (a deleted user too). The month itself stays in this feature.
 */
export async function ageBandsOf(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, TAgeBand | null>> {
  const months = await repo.findBirthMonths(db, ids);
  const now = new Date();
  return new Map(ids.map((id) => [id, ageBandOf(months.get(id), now)]));
}
