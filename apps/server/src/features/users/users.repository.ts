import { sql, type Kysely } from 'kysely';
import {
  ageBandOf,
  isBanActive,
  isLimitedToTeams,
  type TAdminUser,
  type TAgeState,
  type TLeaderboardEntry,
  type TRole,
  type TScoreChange,
  type TSessionUser,
} from '@resolved/shared';
import { compiledOnce } from '../../db/compiled-query';
import type { DB } from '../../db/schema';

/** better-auth's dates come back as ISO strings (SQLite) or Date (PostgreSQL timestamptz). */
export function toIso(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

const SESSION_USER_COLUMNS = ['id', 'email', 'displayName', 'role', 'score', 'createdAt'] as const;

type TUserRow = {
  id: string;
  email: string;
  displayName: string;
  role: string;
  score: number;
  createdAt: string | Date;
};

export function toSessionUser(row: TUserRow): TSessionUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    role: (['user', 'moderator', 'admin'].includes(row.role) ? row.role : 'user') as TRole,
    score: Number(row.score),
    createdAt: toIso(row.createdAt),
  };
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<TSessionUser | null> {
  const row = await db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/** What any signed-in user may see of an account (a profile): never the e-mail or the role. */
export async function findPublicUser(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; displayName: string; score: number; createdAt: string; isLimitedToTeams: boolean } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'displayName', 'score', 'createdAt', 'birthMonth', 'isTeamManaged'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const { birthMonth, isTeamManaged, ...user } = row;
  return {
    ...user,
    score: Number(user.score),
    createdAt: toIso(user.createdAt),
    isLimitedToTeams: isLimitedToTeams(ageStateOf({ birthMonth, isTeamManaged })),
  };
}

/** The age rules' view of a stored account: its band now and whether it is team-managed. */
export function ageStateOf(row: { birthMonth: string | null; isTeamManaged: number | boolean }): TAgeState {
  const ageBand = ageBandOf(row.birthMonth);
  return { ...(ageBand ? { ageBand } : {}), ...(row.isTeamManaged ? { isTeamManaged: true as const } : {}) };
}

/** What deciding an ADMIN_EMAILS promotion needs: the address, whether it is verified, the role now. */
export async function findAccountForPromotion(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'emailVerified', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The user a session token belongs to, with the session's expiry, in one query (the hot path of every
 * signed-in request; see auth.guard.ts). Undefined when there is no such session.
 */
/** Who stands at the door: the session's user and what restricts them (read with the session, in one query). */
export interface TDoorUser {
  /** With `mutedUntil` / `suspendedUntil` while a moderator's mute or suspension holds. */
  user: TSessionUser;
  isBanned: boolean;
}

type TRestrictionRow = {
  mutedUntil: string | null;
  suspendedUntil: string | null;
  birthMonth: string | null;
  isTeamManaged: number | boolean;
  isVerifiedJudge: number | boolean;
};

/** What the door reads beside the session user: restrictions and age. */
const DOOR_COLUMNS = ['mutedUntil', 'suspendedUntil', 'birthMonth', 'isTeamManaged', 'isVerifiedJudge'] as const;

/**
 * The door's user: the session user with the restrictions that hold now (and none that have ended), its age band
 * (never the month of birth) and its team-managed and verified-judge flags.
 */
function toDoorUser(row: TUserRow & TRestrictionRow): TSessionUser {
  const user = toSessionUser(row);
  const now = Date.now();
  if (row.mutedUntil && new Date(row.mutedUntil).getTime() > now) user.mutedUntil = row.mutedUntil;
  if (row.suspendedUntil && new Date(row.suspendedUntil).getTime() > now) user.suspendedUntil = row.suspendedUntil;
  const ageBand = ageBandOf(row.birthMonth, new Date(now));
  if (ageBand) user.ageBand = ageBand;
  if (row.isTeamManaged) user.isTeamManaged = true;
  if (row.isVerifiedJudge) user.isVerifiedJudge = true;
  return user;
}

/** The door's query, compiled once per handle: it runs on every signed-in request (docs/performance.md, change 9). */
const doorQuery = compiledOnce((db, param: <T = string>(name: 'token') => T) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(SESSION_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(DOOR_COLUMNS.map((c) => `users.${c}` as const))
    .select(['users.banned', 'users.banExpires', 'sessions.expiresAt'])
    .where('sessions.token', '=', param('token')),
);

export async function findUserBySessionToken(
  db: Kysely<DB>,
  token: string,
): Promise<(TDoorUser & { expiresAt: string | Date }) | undefined> {
  const [row] = await doorQuery(db, { token });
  return row ? { user: toDoorUser(row), isBanned: isBanActive(row), expiresAt: row.expiresAt } : undefined;
}

/** The door's view of a user by id (after better-auth has read and refreshed the session itself). */
export async function findDoorUserById(db: Kysely<DB>, id: string): Promise<TDoorUser | null> {
  const row = await db
    .selectFrom('users')
    .select([...SESSION_USER_COLUMNS, ...DOOR_COLUMNS, 'banned', 'banExpires'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { user: toDoorUser(row), isBanned: isBanActive(row) } : null;
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<TSessionUser | null> {
  const row = await db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/** Makes an ADMIN_EMAILS account an admin (the list may have changed since it signed up). */
export async function promoteToAdmin(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', userId).where('role', '!=', 'admin').execute();
}

/** Every user, summed from the per-score counts (migration 0008): no scan of the users table. */
export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('scoreCounts')
    .select((eb) => eb.fn.sum<number | string | null>('users').as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** One page of users in the one rank order (score desc, earlier sign-up, id — users_rank_idx); ranks are offset + position (the order is total, so ranks are stable). */
export async function listRankedUsers(
  db: Kysely<DB>,
  page: { offset: number; limit: number },
): Promise<TLeaderboardEntry[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'displayName', 'score', 'birthMonth', 'isTeamManaged'])
    .orderBy('score', 'desc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(({ birthMonth, isTeamManaged, ...row }, index) => ({
    rank: page.offset + index + 1,
    ...row,
    score: Number(row.score),
    // An account limited to its teams has no public profile: the leaderboard does not link it.
    ...(isLimitedToTeams(ageStateOf({ birthMonth, isTeamManaged })) ? { hasNoProfile: true as const } : {}),
  }));
}

/**
 * A user's rank (1-based, in the order above) and how many others share their score. Those with a higher
 * score are summed from the per-score counts (migration 0008: a few hundred rows, not every user ahead);
 * only the user's own tie is counted in users_rank_idx, as index range scans — docs/performance.md.
 */
export async function findStanding(db: Kysely<DB>, userId: string): Promise<{ rank: number; tiedWith: number } | null> {
  const result = await sql<{ ahead: number | string | null; tiedAhead: number | string; tied: number | string }>`
    select
      (select sum(c."users") from "scoreCounts" as c where c."score" > me."score") as "ahead",
      (select count(*) from "users" as u where u."score" = me."score" and u."createdAt" < me."createdAt")
      + (select count(*) from "users" as u
          where u."score" = me."score" and u."createdAt" = me."createdAt" and u."id" < me."id") as "tiedAhead",
      (select c."users" from "scoreCounts" as c where c."score" = me."score") - 1 as "tied"
    from "users" as me
    where me."id" = ${userId}
  `.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return { rank: Number(row.ahead ?? 0) + Number(row.tiedAhead) + 1, tiedWith: Number(row.tied) };
}

/** The ranking's version: it changes whenever any rank may have changed (migration 0009-ranking-version). */
/** Read before every standing and signed-in leaderboard view: compiled once per handle. */
const rankingVersionQuery = compiledOnce((db) => db.selectFrom('rankingVersion').select('version').where('id', '=', 1));

export async function findRankingVersion(db: Kysely<DB>): Promise<number> {
  const [row] = await rankingVersionQuery(db, {});
  return Number(row?.version ?? 0);
}

/** Users as admins see them (e-mail and role), in rank order. */
export async function listUsersForAdmin(
  db: Kysely<DB>,
  page: { offset: number; limit: number },
): Promise<TAdminUser[]> {
  const rows = await db
    .selectFrom('users')
    .select([...SESSION_USER_COLUMNS, 'birthMonth', 'isTeamManaged', 'isVerifiedJudge'])
    .orderBy('score', 'desc')
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    ...toSessionUser(row),
    birthMonth: row.birthMonth,
    isTeamManaged: Boolean(row.isTeamManaged),
    isVerifiedJudge: Boolean(row.isVerifiedJudge),
  }));
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
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select('role').where('id', '=', change.userId).executeTakeFirst();
    if (!target) return 'not_found';
    if (target.role === 'admin' && change.role !== 'admin') {
      let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin');
      if (engine === 'postgres') admins = admins.forUpdate();
      const rows = await admins.execute();
      if (rows.length <= 1) return 'last_admin';
    }
    await trx.updateTable('users').set({ role: change.role }).where('id', '=', change.userId).execute();
    return 'updated';
  });
}

export async function listScoreChanges(
  db: Kysely<DB>,
  filter: { userId?: string; limit: number },
): Promise<TScoreChange[]> {
  let query = db
    .selectFrom('scoreLedger as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .leftJoin('users as by', 'by.id', 'l.changedBy')
    .select([
      'l.id',
      'l.userId',
      'u.displayName as userDisplayName',
      'l.changedBy as changedById',
      'by.displayName as changedByName',
      'l.debateId',
      'l.oldScore',
      'l.newScore',
      'l.reason',
      'l.createdAt',
    ])
    .orderBy('l.id', 'desc')
    .limit(filter.limit);
  if (filter.userId) query = query.where('l.userId', '=', filter.userId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    debateId: row.debateId === null ? null : Number(row.debateId),
    oldScore: Number(row.oldScore),
    newScore: Number(row.newScore),
  }));
}

/** Who a moderator acts on: the name and role, and whether a ban holds. */
export async function findModerationTarget(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'displayName', 'role', 'banned', 'banExpires'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const role = (['user', 'moderator', 'admin'].includes(row.role) ? row.role : 'user') as TRole;
  return { id: row.id, displayName: row.displayName, role, isBanned: isBanActive(row) };
}

/** Sets (or, with null, lifts) a mute or a suspension from live debates. */
export async function setRestriction(
  db: Kysely<DB>,
  id: string,
  field: 'mutedUntil' | 'suspendedUntil',
  until: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set(field === 'mutedUntil' ? { mutedUntil: until } : { suspendedUntil: until })
    .where('id', '=', id)
    .execute();
}

/** Bans (with no end) or lifts a ban; a ban also ends every session of the account. */
export async function setBanned(db: Kysely<DB>, isPostgres: boolean, id: string, reason: string | null) {
  const banned = reason !== null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ banned: isPostgres ? banned : banned ? 1 : 0, banReason: reason, banExpires: null })
      .where('id', '=', id)
      .execute();
    if (banned) await trx.deleteFrom('sessions').where('userId', '=', id).execute();
  });
}

export async function setDisplayName(db: Kysely<DB>, id: string, displayName: string): Promise<void> {
  await db.updateTable('users').set({ displayName }).where('id', '=', id).execute();
}

export async function listAdminEmails(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
  return rows.map((r) => r.email);
}

/** Display names by user id (a deleted user is absent). */
export async function findUserNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'displayName']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.displayName]));
}

/** The account's own fields for "Download my data": never the password hash (it lives in `accounts`) or sessions. */
export async function findAccountForExport(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'displayName',
      'email',
      'emailVerified',
      'role',
      'score',
      'createdAt',
      'birthMonth',
      'isTeamManaged',
      'paradigm',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- Age ----

/** The account's month of birth ("YYYY-MM"), null while unset; undefined when there is no such account. */
export async function findBirthMonth(db: Kysely<DB>, id: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('birthMonth').where('id', '=', id).executeTakeFirst();
  return row ? row.birthMonth : undefined;
}

/** Sets the month of birth only while it is unset (one conditional UPDATE): whether it was set by this call. */
export async function setBirthMonthIfUnset(db: Kysely<DB>, id: string, birthMonth: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ birthMonth })
    .where('id', '=', id)
    .where('birthMonth', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An admin's change of the month of birth, or of the verified-judge flag: whether the account exists. */
export async function updateAgeFields(
  db: Kysely<DB>,
  id: string,
  change: { birthMonth?: string; isVerifiedJudge?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      ...(change.birthMonth !== undefined ? { birthMonth: change.birthMonth } : {}),
      ...(change.isVerifiedJudge !== undefined ? { isVerifiedJudge: change.isVerifiedJudge ? 1 : 0 } : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes an account team-managed by `coachId` (the coach who owns the join link it came through). */
export async function markTeamManaged(db: Kysely<DB>, id: string, coachId: string): Promise<void> {
  await db.updateTable('users').set({ isTeamManaged: 1, managedBy: coachId }).where('id', '=', id).execute();
}

/** A just-created account removed again (a team-managed sign-up whose join failed: nothing of it is kept). */
export async function deleteNewAccount(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Each of these users' month of birth (null: not given yet); a deleted user is absent. Never leaves the server. */
export async function findBirthMonths(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  const months = new Map<string, string | null>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'birthMonth'])
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) months.set(row.id, row.birthMonth);
  }
  return months;
}

/** What the seat rule reads of each of these users (`seatRefusal`): ban and suspension; an unknown id is absent. */
export async function findSeatStates(db: Kysely<DB>, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const chunks = Array.from({ length: Math.ceil(unique.length / 500) }, (_, i) => unique.slice(i * 500, i * 500 + 500));
  const select = (chunk: string[]) =>
    db.selectFrom('users').select(['id', 'banned', 'banExpires', 'suspendedUntil']).where('id', 'in', chunk).execute();
  return (await Promise.all(chunks.map(select))).flat();
}
