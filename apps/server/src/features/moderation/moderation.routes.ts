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
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireRole, requireUser } from '../auth/auth.guard';
import { createMailer } from '../mail/mailer';
import * as moderation from './moderation.service';

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const STAFF = ['moderator', 'admin'] as const;
const HOUR_MS = 60 * 60 * 1000;

/** `attachment; filename="…"; filename*=UTF-8''…`: a kept file is downloaded, never rendered. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Reports, the moderation queue and its actions, the moderation log, and each user's notices (issue 23). */
export async function moderationRoutes(app: FastifyInstance, context: TAppContext) {
  const mailer = createMailer(context.config, app.log);
  const deps: moderation.TModerationDeps = {
    database: context.database,
    events: context.events,
    blobs: context.blobs,
    safetyRetentionDays: context.config.safetyRetentionDays,
    mailer,
    publicUrl: context.config.publicUrl,
  };
  // Hourly on one instance (the scheduler's claim): closed cases' context past its retention goes.
  context.scheduler.every('moderation.purge_expired_context', HOUR_MS, async () => {
    await moderation.purgeExpiredContext(deps);
  });
  app.addHook('onClose', async () => {
    mailer?.close();
  });

  app.post('/api/reports', async (request, reply) => {
    const user = await requireUser(request);
    const input = parseOrThrow(ZCreateReportRequest, request.body);
    return reply.status(201).send(await moderation.createReport(deps, user, input));
  });

  app.get('/api/moderation/cases', async (request) => {
    await requireRole(request, STAFF);
    return { cases: await moderation.listQueue(deps) };
  });
  app.get('/api/moderation/cases/:id', async (request) => {
    await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    return { case: await moderation.getCase(deps, id) };
  });
  app.post('/api/moderation/cases/:id/claim', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    return { case: await moderation.claimCase(deps, moderator, id) };
  });
  app.delete('/api/moderation/cases/:id/claim', async (request, reply) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    await moderation.releaseCase(deps, moderator, id);
    return reply.status(204).send();
  });
  app.post('/api/moderation/cases/:id/actions', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const action = parseOrThrow(ZModerationActionRequest, request.body);
    return moderation.act(deps, moderator, { caseId: id }, action);
  });
  app.post('/api/moderation/cases/:id/appeal-decision', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const decision = parseOrThrow(ZAppealDecisionRequest, request.body);
    return moderation.decideAppeal(deps, moderator, id, decision);
  });
  app.post('/api/moderation/users/:id/actions', async (request) => {
    const moderator = await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    const action = parseOrThrow(ZModerationActionRequest, request.body);
    return moderation.act(deps, moderator, { userId: id }, action);
  });
  app.get('/api/moderation/files/:id', async (request, reply) => {
    await requireRole(request, STAFF);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const file = await moderation.openCaseFile(deps, id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
  app.get('/api/moderation/log', async (request) => {
    const reader = await requireRole(request, STAFF);
    const query = parseOrThrow(ZLogQuery, request.query);
    return { entries: await moderation.readLog(deps, reader, query) };
  });

  app.get('/api/notices', async (request) => {
    const user = await requireUser(request);
    return { notices: await moderation.listNotices(deps, user) };
  });
  app.post('/api/notices/read', async (request, reply) => {
    const user = await requireUser(request);
    await moderation.markNoticesRead(deps, user);
    return reply.status(204).send();
  });
  // A banned person, refused at sign-in, appeals with the token that refusal gave them (no session: they have none).
  app.post(
    '/api/ban-appeals',
    { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { token, text } = parseOrThrow(ZBanAppealRequest, request.body);
      const { secret } = await app.auth.$context;
      return reply.status(201).send(await moderation.appealBan(deps, secret, token, text));
    },
  );
  app.post('/api/notices/:id/appeal', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const { text } = parseOrThrow(ZAppealRequest, request.body);
    return reply.status(201).send(await moderation.appeal(deps, user, id, text));
  });
}
