import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser, requireRole } from '../auth/auth.guard';
import { getLeaderboard, getStanding } from './users.service';

export const ZPageQuery = z.object({
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).max(1_000_000).default(0),
});

export async function usersRoutes(app: FastifyInstance, { database }: TAppContext) {
  /** Public: ranks computed in SQL, 100 rows a page, never an e-mail except the viewer's own. */
  app.get('/api/leaderboard', async (request) => {
    const { offset } = parseOrThrow(ZPageQuery, request.query);
    return getLeaderboard(database, await getSessionUser(request), offset);
  });

  /** The dashboard's data for the signed-in user (roles user, moderator, admin). */
  app.get('/api/users/me/standing', async (request) => {
    const user = await requireRole(request, ['user', 'moderator', 'admin']);
    return getStanding(database, user);
  });
}
