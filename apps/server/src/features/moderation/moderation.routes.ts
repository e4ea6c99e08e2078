import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAppealDecisionRequest,
  ZAppealRequest,
  ZBanAppealRequest,
  ZCreateReportRequest,
  ZLogQuery,
  ZModerationActionRequest,
  ZUserIdParams,
} from '@resolved/shared';
import { attachmentHeader } from '../../lib/content-disposition';
import { parseOrThrow } from '../../lib/errors';
import { requireRole, requireUser } from '../auth/auth.guard';
import { act } from './actions.service';
import { appeal, appealBan, decideAppeal } from './appeals.service';
import { claimCase, getCase, listQueue, openCaseFile, releaseCase } from './cases.service';
import type { TModerationDeps } from './moderation-deps';
import { readLog } from './moderation-log.service';
import { listNotices, markNoticesRead } from './notices.service';
import { fileReport } from '../../workflows/file-report';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const STAFF = ['moderator', 'admin'] as const;

/** Reports, the moderation queue and its actions, the moderation log, and each user's notices. */
export async function moderationRoutes(app: FastifyInstance, deps: TModerationDeps) {
  app.post('/api/reports', async (request, reply) => {
    const user = await requireUser(request);
    const input = parseOrThrow(ZCreateReportRequest, request.body);
    return reply.status(201).send(await fileReport(deps, user, input));
  });

  app.get('/api/moderation/cases', async (request) => {
    await requireRole(request, STAFF);
    return { cases: await listQueue(deps) };
  });
  app.get('/api/moderation/cases/:id', async (request) => {
    await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    return { case: await getCase(deps, id) };
  });
  app.post('/api/moderation/cases/:id/claim', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    return { case: await claimCase(deps, moderator, id) };
  });
  app.delete('/api/moderation/cases/:id/claim', async (request, reply) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    await releaseCase(deps, moderator, id);
    return reply.status(204).send();
  });
  app.post('/api/moderation/cases/:id/actions', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const action = parseOrThrow(ZModerationActionRequest, request.body);
    return act(deps, moderator, { caseId: id }, action);
  });
  app.post('/api/moderation/cases/:id/appeal-decision', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const decision = parseOrThrow(ZAppealDecisionRequest, request.body);
    return decideAppeal(deps, moderator, id, decision);
  });
  app.post('/api/moderation/users/:id/actions', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    const action = parseOrThrow(ZModerationActionRequest, request.body);
    return act(deps, moderator, { userId: id }, action);
  });
  app.get('/api/moderation/files/:id', async (request, reply) => {
    await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const file = await openCaseFile(deps, id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentHeader(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
  app.get('/api/moderation/log', async (request) => {
    const reader = await requireRole(request, STAFF);
    const query = parseOrThrow(ZLogQuery, request.query);
    return { entries: await readLog(deps, reader, query) };
  });

  app.get('/api/notices', async (request) => {
    const user = await requireUser(request);
    return { notices: await listNotices(deps, user) };
  });
  app.post('/api/notices/read', async (request, reply) => {
    const user = await requireUser(request);
    await markNoticesRead(deps, user);
    return reply.status(204).send();
  });
  // A banned person, refused at sign-in, appeals with the token that refusal gave them (no session: they have none).
  app.post(
    '/api/ban-appeals',
    { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { token, text } = parseOrThrow(ZBanAppealRequest, request.body);
      const { secret } = await app.auth.$context;
      return reply.status(201).send(await appealBan(deps, secret, token, text));
    },
  );
  app.post('/api/notices/:id/appeal', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const { text } = parseOrThrow(ZAppealRequest, request.body);
    return reply.status(201).send(await appeal(deps, user, id, text));
  });
}
