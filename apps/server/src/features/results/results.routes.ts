import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZJoinAsJudgeRequest, ZFormatId, ZReplayPrivacyRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import type { TDebatesDeps } from '../../context';
import { ZDebateIdParams } from '../debates/debate-params';
import * as records from './records.service';
import * as results from './results.service';
import { getReplay, setReplayPrivacy } from './replay.service';
import { submitBallot } from '../../workflows/submit-ballot';

/** Judging, ballots and the Forfeit button (resigning); a debater's history, record and the rating lists. */
/** The rating lists' query: one format's. */
export const ZRatingsQuery = z.object({ formatId: ZFormatId });

export async function resultsRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TDebatesDeps = { database: context.database, events: context.events };

  app.get('/api/debates/history', async (request) => {
    const user = await requireUser(request);
    return records.getHistory(deps, user.id);
  });
  app.get('/api/debates/:id/replay', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return getReplay(deps, user, id);
  });
  app.put('/api/debates/:id/replay-privacy', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { isPrivate } = parseOrThrow(ZReplayPrivacyRequest, request.body);
    return { debate: await setReplayPrivacy(deps, user, id, isPrivate) };
  });
  app.get('/api/debates/progress', async (request) => {
    const user = await requireUser(request);
    return { progress: await records.getProgress(deps, user.id) };
  });
  app.get('/api/debates/record', async (request) => {
    const user = await requireUser(request);
    return { record: await records.getRecord(deps, user.id) };
  });
  app.get('/api/debates/ratings', async (request) => {
    const { formatId } = parseOrThrow(ZRatingsQuery, request.query);
    return { ratings: await records.listRatings(deps, formatId) };
  });
  app.post('/api/debates/:id/judge', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const body = parseOrThrow(ZJoinAsJudgeRequest, request.body);
    return { debate: await results.joinAsJudge(deps, user, id, body?.invite) };
  });
  app.post('/api/debates/:id/judge-invites', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return reply.status(201).send(await results.inviteJudge(deps, user, id));
  });
  app.post('/api/debates/:id/ballots', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    // The body's shape follows the round's format: a British Parliamentary room's is ranked (`ZBpBallotRequest`).
    return reply.status(201).send({ debate: await submitBallot(deps, user, id, request.body) });
  });
  app.post('/api/debates/:id/forfeit', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { debate: await results.resign(deps, user, id) };
  });
}
