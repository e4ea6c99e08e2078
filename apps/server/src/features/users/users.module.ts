import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { usersRoutes } from './users.routes';

/**
 * Users: the leaderboard, standings, profiles and one's own account data. Its routes only: it has no socket handlers,
 * scheduled jobs or subscriptions.
 */
export async function usersModule(app: FastifyInstance, context: TAppContext) {
  await app.register(usersRoutes, context);
}
