import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  myDataFileName,
  ZProfileRoundsQuery,
  ZSetBirthMonthRequest,
  ZParadigmRequest,
  ZUserIdParams,
  type TMyBirthMonthResponse,
  type TParadigmResponse,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { attachmentHeader } from '../../lib/content-disposition';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser, requireRole, requireUser } from '../auth/auth.guard';
import type { TDebatesDeps } from '../../context';
import { getProfile, listProfileJudgedRounds, listProfileRounds, paradigmFor } from '../../workflows/profile';
import { sendCached } from '../../lib/read-cache/read-cache';
import { findBirthMonth, getLeaderboard, getPublicLeaderboard, setOwnBirthMonth } from './users.service';
import { getStanding } from '../results/records.service';
import { exportMyData } from '../../workflows/my-data';
import { ownParadigm, setOwnParadigm } from './paradigm.service';

export const ZPageQuery = z.object({
  offset: z.coerce.number({ error: 'offset must be a number.' }).int().min(0).max(1_000_000).default(0),
});

export async function usersRoutes(app: FastifyInstance, { database, events }: TAppContext) {
  const deps: TDebatesDeps = { database, events };

  /** Public: ranks computed in SQL, 100 rows a page, never an e-mail except the viewer's own. */
  app.get('/api/leaderboard', async (request, reply) => {
    const { offset } = parseOrThrow(ZPageQuery, request.query);
    const viewer = await getSessionUser(request);
    // A visitor's page is the same for every visitor: its bytes are kept per version (ETag, 304 when unchanged).
    if (!viewer) return sendCached(request, reply, await getPublicLeaderboard(database, offset));
    return getLeaderboard(database, viewer, offset);
  });

  /** The dashboard's data for the signed-in user (roles user, moderator, admin). */
  app.get('/api/users/me/standing', async (request) => {
    const user = await requireRole(request, ['user', 'moderator', 'admin']);
    return getStanding({ database }, user);
  });

  /** "Download my data": the signed-in account's own data as a JSON attachment. */
  app.get('/api/users/me/export', async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportMyData({ database }, user.id);
    return reply
      .header('content-disposition', attachmentHeader(myDataFileName(data.exportedAt)))
      .header('cache-control', 'no-store')
      .send(data);
  });

  /** The account's own month of birth (Settings shows it read-only); never anyone else's. */
  app.get('/api/users/me/birth-month', async (request): Promise<TMyBirthMonthResponse> => {
    const user = await requireUser(request);
    return { birthMonth: (await findBirthMonth(database, user.id)) ?? null };
  });

  /** Giving one's month of birth, asked at the next sign-in of an account that has none: only while unset. */
  app.put('/api/users/me/birth-month', async (request) => {
    const user = await requireUser(request);
    const { birthMonth } = parseOrThrow(ZSetBirthMonthRequest, request.body);
    return { user: await setOwnBirthMonth(database, user, birthMonth) };
  });

  /** The account's own judge's paradigm, as written (Settings). */
  app.get('/api/users/me/paradigm', async (request): Promise<TParadigmResponse> => {
    const user = await requireUser(request);
    return { paradigm: await ownParadigm(database.db, user.id) };
  });

  /** Writes (or, empty, clears) the account's paradigm: adults only, screened by the text filter. */
  app.put('/api/users/me/paradigm', async (request): Promise<TParadigmResponse> => {
    const user = await requireUser(request);
    const { paradigm } = parseOrThrow(ZParadigmRequest, request.body);
    return { paradigm: await setOwnParadigm({ database, events }, user, paradigm) };
  });

  /** A judge's paradigm as debaters read it (null: none, under 18, or no such account for this viewer). */
  app.get('/api/users/:id/paradigm', async (request): Promise<TParadigmResponse> => {
    const viewer = await requireUser(request);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    return { paradigm: await paradigmFor(deps, viewer, id) };
  });

  /** A debater's profile, for signed-in users: name, points, rank, record and ratings; never an e-mail. */
  app.get('/api/users/:id', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    return { profile: await getProfile(deps, viewer, id) };
  });

  /** A debater's finished rounds, a page at a time, only those the viewer may replay. */
  app.get('/api/users/:id/debates', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    const { before } = parseOrThrow(ZProfileRoundsQuery, request.query);
    return listProfileRounds(deps, viewer, id, before ?? null);
  });

  /** The finished rounds a user judged, with their ballots, a page at a time, only those the viewer may replay. */
  app.get('/api/users/:id/judged-debates', async (request) => {
    const viewer = await requireUser(request);
    const { id } = parseOrThrow(ZUserIdParams, request.params);
    const { before } = parseOrThrow(ZProfileRoundsQuery, request.query);
    return listProfileJudgedRounds(deps, viewer, id, before ?? null);
  });
}
