import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZChatLockRequest, ZUpdateRoleRequest, ZUpdateScoreRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireRole } from '../auth/auth.guard';
import { ZPageQuery } from '../users/users.routes';
import { getContactRequests, getScoreChanges, listUsers, setChatLockAsAdmin, setRole, setScore } from './admin.service';

const ZUserParams = z.object({ id: z.string().min(1).max(100) });
const ZScoreChangesQuery = z.object({ userId: z.string().min(1).max(100).optional() });

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
