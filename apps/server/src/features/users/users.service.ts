import type { Kysely } from 'kysely';
import {
  ageBandOf,
  birthMonthChangeRefusal,
  LEADERBOARD_PAGE_SIZE,
  type TAdminUser,
  type TAgeBand,
  type TLeaderboardResponse,
  type TRole,
  type TScoreChange,
  type TSessionUser,
} from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refuse } from '../../lib/errors';
import { readCached, type TCachedBody } from '../../lib/read-cache/read-cache';
import { findRankingVersion, findStanding, listRankedUsers } from './users.repository';
import * as repo from './users.repository';

/** The one answer for a user who is not there (deleted, or a wrong id). */
export function userNotFoundError(): AppError {
  return new AppError('not_found', 'User not found.');
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

/** The user's rank, ties and the number of users, from one reading of the ranking (the dashboard's standing). */
export async function rankOf(database: TDatabase, userId: string) {
  const ranking = await currentRanking(database);
  const [standing, total] = await Promise.all([standingOf(database, userId, ranking), totalOf(database, ranking)]);
  return standing ? { ...standing, total } : null;
}

/**
 * The statements of `users.repository.ts` other features run: the door (auth), sign-up and promotion (auth), the
 * admin pages, and display names (every round and team page).
 */
/** Every user, summed from the per-score counts (migration 0008): no scan of the users table. */
export async function countUsers(db: Kysely<DB>): Promise<number> {
  return repo.countUsers(db);
}

/** What deciding an ADMIN_EMAILS promotion needs: the address, whether it is verified, the role now. */
export async function findAccountForPromotion(db: Kysely<DB>, id: string) {
  return repo.findAccountForPromotion(db, id);
}

/** The door's view of a user by id (after better-auth has read and refreshed the session itself). */
export async function findDoorUserById(db: Kysely<DB>, id: string): Promise<TDoorUser | null> {
  return repo.findDoorUserById(db, id);
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<TSessionUser | null> {
  return repo.findUserByEmail(db, email);
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<TSessionUser | null> {
  return repo.findUserById(db, id);
}

export async function findUserBySessionToken(
  db: Kysely<DB>,
  token: string,
): Promise<(TDoorUser & { expiresAt: string | Date }) | undefined> {
  return repo.findUserBySessionToken(db, token);
}

/** Display names by user id (a deleted user is absent). */
export async function findUserNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  return repo.findUserNames(db, ids);
}

export async function listScoreChanges(
  db: Kysely<DB>,
  filter: { userId?: string; limit: number },
): Promise<TScoreChange[]> {
  return repo.listScoreChanges(db, filter);
}

/** Users as admins see them (e-mail and role), in rank order. */
export async function listUsersForAdmin(
  db: Kysely<DB>,
  page: { offset: number; limit: number },
): Promise<TAdminUser[]> {
  return repo.listUsersForAdmin(db, page);
}

/** Makes an ADMIN_EMAILS account an admin (the list may have changed since it signed up). */
export async function promoteToAdmin(db: Kysely<DB>, userId: string): Promise<void> {
  return repo.promoteToAdmin(db, userId);
}

/**
 * Sets a role unless that would leave no admin. The admins are locked (PostgreSQL `for update`; SQLite
 * runs one write transaction at a time) so two concurrent demotions cannot both pass the check.
 */
export async function setRoleKeepingAnAdmin(
  db: Kysely<DB>,
  engine: 'sqlite' | 'postgres',
  change: { userId: string; role: TRole },
): Promise<'updated' | 'not_found' | 'last_admin'> {
  return repo.setRoleKeepingAnAdmin(db, engine, change);
}
export type TDoorUser = repo.TDoorUser;

// ---- What moderation does to an account, through this feature ----

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

// ---- Age: the month of birth, team-managed accounts, verified judges ----

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
 * The age band of each of these users now (who a minor meets), null while one has not given a month of
 * birth (a deleted user too). The month itself stays in this feature.
 */
export async function ageBandsOf(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, TAgeBand | null>> {
  const months = await repo.findBirthMonths(db, ids);
  const now = new Date();
  return new Map(ids.map((id) => [id, ageBandOf(months.get(id), now)]));
}

/** What any signed-in user may see of an account (a profile): never the e-mail or the role. */
export async function findPublicUser(db: Kysely<DB>, id: string) {
  return repo.findPublicUser(db, id);
}
