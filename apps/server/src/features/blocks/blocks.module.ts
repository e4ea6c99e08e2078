import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { blocksRoutes } from './blocks.routes';

/** Blocks: who blocked whom. Its routes only: it has no socket handlers, scheduled jobs or subscriptions. */
export async function blocksModule(app: FastifyInstance, context: TAppContext) {
  await app.register(blocksRoutes, context);
}
