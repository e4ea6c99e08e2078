import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { evidenceRoutes } from './evidence.routes';

/**
 * Evidence: files, cards and links shared in a round. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function evidenceModule(app: FastifyInstance, context: TAppContext) {
  await app.register(evidenceRoutes, context);
}
