import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZChatLockRequest,
  ZSetBirthMonthRequest,
  ZUpdateRoleRequest,
  ZUpdateScoreRequest,
  ZVerifiedJudgeRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireRole } from '../auth/auth.guard';
import { ZPageQuery } from '../users/users.routes';
import {
  getContactRequests,
  getScoreChanges,
  listUsers,
  setBirthMonth,
  setChatLockAsAdmin,
  setRole,
  setScore,
  setVerifiedJudge,
} from './admin.service';

const ZUserParams = z.object({ id: z.string().min(1).max(100) });
export const ZScoreChangesQuery = z.object({ userId: z.string().min(1).max(100).optional() });

/**
 * Admin-only: users with e-mails, score and role changes, the score ledger, help contact requests and the community
 * chat's switch "only established accounts may post".
 */
export async function adminRoutes(app: FastifyInstance, context: TAppContext) {
  const { database } = context;
  app.get('/api/users', async (request) => {
    await requireRole(request, ['admin']);
    const { offset } = parseOrThrow(ZPageQuery, request.query);
    return listUsers(database, offset);
  });

  app.put('/api/users/:id/score', async (request) => {
    const admin = await requireRole(request, ['admin']);
    const { id } = parseOrThrow(ZUserParams, request.params);
    const input = parseOrThrow(ZUpdateScoreRequest, request.body);
    return { user: await setScore(database, admin, { userId: id, ...input }) };
  });

  app.put('/api/users/:id/role', async (request) => {
    await requireRole(request, ['admin']);
    const { id } = parseOrThrow(ZUserParams, request.params);
    const { role } = parseOrThrow(ZUpdateRoleRequest, request.body);
    return { user: await setRole(database, { userId: id, role }) };
  });

  // An account's month of birth is changed only here once set; verified judges are named here.
  app.put('/api/users/:id/birth-month', async (request) => {
    const admin = await requireRole(request, ['admin']);
    const { id } = parseOrThrow(ZUserParams, request.params);
    const { birthMonth } = parseOrThrow(ZSetBirthMonthRequest, request.body);
    return { user: await setBirthMonth({ database, events: context.events }, admin, { userId: id, birthMonth }) };
  });

  app.put('/api/users/:id/verified-judge', async (request) => {
    const admin = await requireRole(request, ['admin']);
    const { id } = parseOrThrow(ZUserParams, request.params);
    const { isVerifiedJudge } = parseOrThrow(ZVerifiedJudgeRequest, request.body);
    return { user: await setVerifiedJudge(database, admin, { userId: id, isVerifiedJudge }) };
  });

  app.get('/api/score-changes', async (request) => {
    await requireRole(request, ['admin']);
    const { userId } = parseOrThrow(ZScoreChangesQuery, request.query);
    return { changes: await getScoreChanges(database, userId) };
  });

  app.get('/api/contact-requests', async (request) => {
    await requireRole(request, ['admin']);
    return { requests: await getContactRequests(database) };
  });

  app.put('/api/chat/lock', async (request) => {
    const admin = await requireRole(request, ['admin']);
    const input = parseOrThrow(ZChatLockRequest, request.body);
    return { lock: await setChatLockAsAdmin(context, admin, input) };
  });
}
