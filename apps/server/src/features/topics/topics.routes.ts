import type { FastifyInstance } from 'fastify';
import { ZIdParam } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser } from '../auth/auth.guard';
import { sendCached } from '../../lib/read-cache/read-cache';
import { getCurrentTopicAnswer, getTopicHistoryAnswer, reactivateTopic, updateCurrentTopic } from './topics.service';

/** Admin writes are few; the limit only stops a runaway script. */
const WRITE_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function topicsRoutes(app: FastifyInstance, context: TAppContext) {
  const { database } = context;

  /** Public: the same bytes for everyone until a topic changes (ETag, 304 when unchanged). */
  app.get('/api/topics/current', async (request, reply) =>
    sendCached(request, reply, await getCurrentTopicAnswer(database)),
  );

  /** The current topic first, then past topics, most recently current first. */
  app.get('/api/topics', async (request, reply) => sendCached(request, reply, await getTopicHistoryAnswer(database)));

  /** Admins: set a new current topic (the previous one joins the history). */
  app.put('/api/topics/current', { config: WRITE_RATE_LIMIT }, async (request) => {
    const actor = await getSessionUser(request);
    return { topic: await updateCurrentTopic(context, actor, request.body) };
  });

  /** Admins: make a past topic current again. */
  app.post('/api/topics/:id/make-current', { config: WRITE_RATE_LIMIT }, async (request) => {
    const actor = await getSessionUser(request);
    const { id } = parseOrThrow(ZIdParam, request.params);
    return { topic: await reactivateTopic(context, actor, id) };
  });
}
