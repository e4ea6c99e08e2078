import type { FastifyInstance } from 'fastify';
import { ZIdParam } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireRole } from '../auth/auth.guard';
import { addMotion, getMotions, removeMotion } from './motions.service';

/** Admin-only: the motion bank per format. */
export async function motionsRoutes(app: FastifyInstance, { database }: TAppContext) {
  app.get('/api/motions', async (request) => {
    await requireRole(request, ['admin']);
    return { motions: await getMotions(database, request.query) };
  });
  app.post('/api/motions', async (request, reply) => {
    const admin = await requireRole(request, ['admin']);
    return reply.status(201).send({ motion: await addMotion(database, admin, request.body) });
  });
  app.delete('/api/motions/:id', async (request, reply) => {
    await requireRole(request, ['admin']);
    const { id } = parseOrThrow(ZIdParam, request.params);
    await removeMotion(database, id);
    return reply.status(204).send();
  });
}
