import {
  LEADERBOARD_PAGE_SIZE,
  type TLeaderboardResponse,
  type TSessionUser,
  type TStandingResponse,
} from '@resolved/shared';
import type { TDatabase } from '../../db/database';
import { AppError } from '../../lib/errors';
import { countUsers, findStanding, findUserById, listRankedUsers } from './users.repository';
import { countDebatesOfUser } from '../debates/debates.repository';

/** How many debates this user has been matched into (Debates Joined), counted by the debates feature. */
export async function countDebatesJoined(database: TDatabase, userId: string): Promise<number> {
  return countDebatesOfUser(database.db, userId);
}

/** A page of the leaderboard (no e-mails) and, for a signed-in viewer, their own standing. */
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
    const standing = await findStanding(database.db, viewer.id);
    if (standing)
      me = { rank: standing.rank, displayName: viewer.displayName, email: viewer.email, score: viewer.score };
  }
  const nextOffset =
    offset + entries.length < total && entries.length === LEADERBOARD_PAGE_SIZE ? offset + entries.length : null;
  return { entries, total, nextOffset, me };
}

/** Everything the dashboard shows: the user, their rank out of all users, ties, and debates joined. */
export async function getStanding(database: TDatabase, userId: string): Promise<TStandingResponse> {
  const [user, standing, total, debatesJoined] = await Promise.all([
    findUserById(database.db, userId),
    findStanding(database.db, userId),
    countUsers(database.db),
    countDebatesJoined(database, userId),
  ]);
  if (!user || !standing) throw new AppError('not_found', 'User not found.');
  return { user, rank: standing.rank, total, tiedWith: standing.tiedWith, debatesJoined };
}
