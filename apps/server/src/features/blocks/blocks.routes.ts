import type { FastifyInstance } from 'fastify';
import { ZBlockParams } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { listBlocks, unblockUser } from './blocks.service';
import { blockUser } from '../../workflows/block-user';

/** The signed-in user's blocks: list, block (idempotent), unblock. */
export async function blocksRoutes(app: FastifyInstance, { database, events }: TAppContext) {
  const deps = { database, events };

  app.get('/api/blocks', async (request) => {
    const user = await requireUser(request);
    return { blocks: await listBlocks(deps, user) };
  });

  app.put('/api/blocks/:id', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZBlockParams, request.params);
    return blockUser(deps, user.id, id, { source: 'user' });
  });

  app.delete('/api/blocks/:id', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZBlockParams, request.params);
    await unblockUser(deps, user.id, id);
    return reply.status(204).send();
  });
}
