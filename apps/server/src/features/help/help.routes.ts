import type { FastifyInstance } from 'fastify';
import { ZCreateContactRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { createContactRequest } from './help.service';

export async function helpRoutes(app: FastifyInstance, { database, config }: TAppContext) {
  /** Tells the help page whether to embed the external form or show the in-app one. */
  app.get('/api/help/config', async () => ({ helpFormUrl: config.helpFormUrl ?? null }));

  app.post(
    '/api/help/requests',
    { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = parseOrThrow(ZCreateContactRequest, request.body);
      reply.status(201);
      return { request: await createContactRequest({ database }, input) };
    },
  );
}
