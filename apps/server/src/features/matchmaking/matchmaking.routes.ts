import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZCreateChallengeRequest, ZJoinQueueRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import type { TDebatesDeps } from '../../context';
import * as challenges from './challenges.service';
import * as matchmaking from './queue.service';

const ZTokenParams = z.object({
  token: z.string().min(8, challenges.INVALID_CHALLENGE_MESSAGE).max(64, challenges.INVALID_CHALLENGE_MESSAGE),
});

/** The queue and challenge links. */
export async function matchmakingRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TDebatesDeps = {
    database: context.database,
    events: context.events,
    forfeitAfterMs: context.config.debateForfeitAfterMs,
  };

  // Queue
  app.get('/api/debates/queue', async (request) => {
    const user = await requireUser(request);
    return { queue: await matchmaking.getQueueStatus(deps, user.id) };
  });
  app.post('/api/debates/queue', async (request) => {
    const user = await requireUser(request);
    const { formatId } = parseOrThrow(ZJoinQueueRequest, request.body);
    return matchmaking.joinQueue(deps, user, formatId);
  });
  app.delete('/api/debates/queue', async (request, reply) => {
    const user = await requireUser(request);
    await matchmaking.leaveQueue(deps, user.id);
    return reply.status(204).send();
  });

  // Challenges
  app.post('/api/debates/challenges', async (request, reply) => {
    const user = await requireUser(request);
    const body = parseOrThrow(ZCreateChallengeRequest, request.body);
    return reply.status(201).send({ challenge: await challenges.createChallenge(deps, user, body) });
  });
  app.get('/api/debates/challenges/:token', async (request) => {
    await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    return { challenge: await challenges.getChallenge(deps, token) };
  });
  app.post('/api/debates/challenges/:token/accept', async (request) => {
    const user = await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    return { debateId: await challenges.acceptChallenge(deps, user, token) };
  });
}
