import type { FastifyInstance } from 'fastify';
import type { THealth } from '@resolved/shared';
import { isDatabaseReachable } from '../../db/database';
import type { TAppContext } from '../../context';

export async function healthRoutes(app: FastifyInstance, { database, version }: TAppContext) {
  app.get('/api/health', async (_request, reply): Promise<THealth> => {
    const isReachable = await isDatabaseReachable(database);
    reply.status(isReachable ? 200 : 503);
    return {
      status: isReachable ? 'ok' : 'degraded',
      version,
      database: { engine: database.engine, isReachable },
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
