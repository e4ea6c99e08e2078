import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { helpRoutes } from './help.routes';

/**
 * Help: where the help form is, and contact requests. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function helpModule(app: FastifyInstance, context: TAppContext) {
  await app.register(helpRoutes, context);
}
