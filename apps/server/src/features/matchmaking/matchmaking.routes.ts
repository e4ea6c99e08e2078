import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAcceptChallengeRequest,
  ZAcceptPartnerLinkParams,
  ZCreateChallengeRequest,
  ZCreatePartnerLinkRequest,
  ZFormatId,
  ZJoinTeamQueueRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import type { TDebatesDeps } from '../../context';
import * as challenges from './challenges.service';
import * as matchmaking from './queue.service';
import * as partners from './partners.service';

const ZTokenParams = z.object({
  token: z.string().min(8, challenges.INVALID_CHALLENGE_MESSAGE).max(64, challenges.INVALID_CHALLENGE_MESSAGE),
});

export const ZPartnersQuery = z.object({ formatId: ZFormatId });

/** The queue, partners and challenge links. */
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
    return matchmaking.joinQueue(deps, user, parseOrThrow(ZJoinTeamQueueRequest, request.body));
  });
  app.delete('/api/debates/queue', async (request, reply) => {
    const user = await requireUser(request);
    await matchmaking.leaveQueue(deps, user.id);
    return reply.status(204).send();
  });

  // Partners (issue 40): whom the user may name, and partner links.
  app.get('/api/debates/partners', async (request) => {
    const user = await requireUser(request);
    const { formatId } = parseOrThrow(ZPartnersQuery, request.query);
    return { partners: await partners.partnerChoicesOf(deps, user.id, formatId) };
  });
  app.post('/api/debates/partner-links', async (request, reply) => {
    const user = await requireUser(request);
    const { formatId } = parseOrThrow(ZCreatePartnerLinkRequest, request.body);
    return reply.status(201).send({ link: await partners.createPartnerLink(deps, user, formatId) });
  });
  app.get('/api/debates/partner-links/:token', async (request) => {
    await requireUser(request);
    const { token } = parseOrThrow(ZAcceptPartnerLinkParams, request.params);
    return { link: await partners.getPartnerLink(deps, token) };
  });
  app.post('/api/debates/partner-links/:token/accept', async (request) => {
    const user = await requireUser(request);
    const { token } = parseOrThrow(ZAcceptPartnerLinkParams, request.params);
    return partners.acceptPartnerLink(deps, user, token);
  });

  // Challenges
  app.post('/api/debates/challenges', async (request, reply) => {
    const user = await requireUser(request);
    const body = parseOrThrow(ZCreateChallengeRequest, request.body);
    return reply.status(201).send({ challenge: await challenges.createChallenge(deps, user, body) });
  });
  app.get('/api/debates/challenges/:token', async (request) => {
    const user = await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    return { challenge: await challenges.getChallenge(deps, token, user.id) };
  });
  app.post('/api/debates/challenges/:token/accept', async (request) => {
    const user = await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    const body = parseOrThrow(ZAcceptChallengeRequest, request.body ?? undefined);
    return { debateId: await challenges.acceptChallenge(deps, user, token, body) };
  });
}
