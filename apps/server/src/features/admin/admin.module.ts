import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { adminRoutes } from './admin.routes';

/**
 * Administration: users, scores and roles, the score ledger, help requests and the chat's switch. Its routes only: it
 * has no socket handlers, scheduled jobs or subscriptions.
 */
export async function adminModule(app: FastifyInstance, context: TAppContext) {
  await app.register(adminRoutes, context);
}
