import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ageBandOf,
  directSignUpRefusal,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateUserRequest,
  type TAuthOptionsResponse,
  type TSessionResponse,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { AppError, notFoundBody, parseOrThrow, refuse, refused } from '../../lib/errors';
import { normalisedPath } from '../../lib/origin-check';
import { AUTH_BASE_PATH } from './auth';
import { getSessionUser, refuseBanned } from './auth.guard';
import { deleteNewAccount, findUserByEmail } from '../users/users.service';
import { joinAtSignUp, teamForSignUp } from '../teams/team-joins.service';
import { reportFilterHit } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import { banRefusalDetails } from '../moderation/moderation.service';
import {
  THROTTLED_AUTH_PATHS,
  checkPasswordRequest,
  createAuthLimits,
  EMAIL_TAKEN_MESSAGE,
  requireAccount,
  requireEmailFree,
} from './auth.service';
import { toErrorBody, toWebHeaders, withoutSessionTokens } from './auth-bridge';
import { watchBannedSignIn } from './banned-sign-in';

/**
 * better-auth's handler under `/api/auth/*` (its instance is `app.auth`, `decorateAuth` in `auth.module.ts`), our own
 * sign-in/sign-up front doors (validation, rate limits, the spec's distinct messages) and `GET /api/session`.
 */
export async function authRoutes(app: FastifyInstance, context: TAppContext) {
  const { config, database, events } = context;
  const auth = app.auth;
  const teams = { database, events };
  const enforceRateLimit = createAuthLimits({ config, database });

  /** Hands the request to better-auth as a fetch Request (body re-serialised) and returns its Response. */
  async function callAuth(request: FastifyRequest, body?: unknown): Promise<Response> {
    const url = new URL(request.url, config.publicUrl);
    const init: RequestInit = { method: request.method, headers: toWebHeaders(request) };
    const payload = body ?? request.body;
    if (request.method !== 'GET' && request.method !== 'HEAD' && payload !== undefined && payload !== null) {
      init.body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    }
    return auth.handler(new Request(url, init));
  }

  async function sendResponse(reply: FastifyReply, response: Response) {
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (response.status >= 400) return reply.send(await toErrorBody(response));
    if (!response.body) return reply.send(null);
    if (response.headers.get('content-type')?.includes('application/json')) {
      return reply.send(JSON.stringify(withoutSessionTokens(await response.json())));
    }
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }

  /**
   * A Google sign-in refused for a ban: better-auth redirects the popup to the web's error page with `BANNED_USER`
   * and nothing else. It goes there saying `account_banned`, with what a refused password sign-in answers (the
   * moderator's reason, the appeal token) in the fragment: only this browser, which has just proved it holds the
   * account, reads it; a fragment is never sent to a server, so no log or Referer carries the token.
   */
  async function withBanRefusal(response: Response, userId: string): Promise<Response> {
    const location = response.headers.get('location');
    if (!location) return response;
    const target = new URL(location, config.publicUrl);
    if (target.searchParams.get('error') !== 'BANNED_USER') return response;
    const { secret } = await app.auth.$context;
    const { reason, appealToken } = await banRefusalDetails(database, secret, userId);
    target.searchParams.set('error', 'account_banned');
    target.searchParams.delete('error_description');
    target.hash = new URLSearchParams({ reason: reason ?? '', appealToken: appealToken ?? '' }).toString();
    const headers = new Headers(response.headers);
    headers.set(
      'location',
      location.startsWith('/') ? `${target.pathname}${target.search}${target.hash}` : `${target}`,
    );
    return new Response(null, { status: response.status, headers });
  }

  /** better-auth answers errors as `{ code, message }`; ours are `{ error: { code, message } }`. */
  async function readAuthError(response: Response): Promise<string | undefined> {
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { code?: string } | undefined;
    return body?.code;
  }

  app.get('/api/session', async (request): Promise<TSessionResponse> => {
    return { user: await getSessionUser(request) };
  });

  app.get('/api/auth-options', async (): Promise<TAuthOptionsResponse> => ({
    isGoogleConfigured: !!config.google,
    isMailConfigured: !!config.smtp,
  }));

  app.register(async (scope) => {
    // OAuth providers may post their callback as a form: hand the raw body to better-auth unchanged.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(`${AUTH_BASE_PATH}/sign-in/email`, async (request, reply) => {
      const input = parseOrThrow(ZSignInRequest, request.body);
      const email = input.email.toLowerCase();
      await enforceRateLimit('sign-in', request.ip, email);
      await requireAccount({ database }, email);
      const response = await callAuth(request, { email, password: input.password, rememberMe: true });
      if (response.status === 401) throw new AppError('unauthenticated', 'Incorrect password.');
      if (!response.ok) {
        const code = await readAuthError(response);
        if (code === 'BANNED_USER') {
          // The password was right (better-auth refuses the ban when it makes the session): say why, and how to appeal.
          const banned = await findUserByEmail(database.db, email);
          const { secret } = await app.auth.$context;
          throw refused('account_banned', banned ? await banRefusalDetails(database, secret, banned.id) : undefined);
        }
        request.log.warn({ status: response.status, code }, 'sign-in refused');
        throw new AppError('bad_request', 'Login failed. Please try again.');
      }
      return sendResponse(reply, response);
    });

    scope.post(`${AUTH_BASE_PATH}/sign-up/email`, async (request, reply) => {
      const input = parseOrThrow(ZSignUpRequest, request.body);
      // A slur in the name is refused here, with the field named; a flagged name is filed when the account is made.
      screenText({ name: input.name });
      const email = input.email.toLowerCase();
      await enforceRateLimit('sign-up', request.ip, email);
      // Age: under 13 signs up only through a team's join link; checked before anything is stored.
      const isUnder13 = ageBandOf(input.birthMonth) === 'child';
      refuse(directSignUpRefusal(ageBandOf(input.birthMonth), input.joinCode !== undefined));
      const team = input.joinCode ? await teamForSignUp(teams, input.joinCode, request.ip, isUnder13) : null;
      await requireEmailFree({ database }, email);
      const response = await callAuth(request, {
        name: input.name,
        email,
        password: input.password,
        birthMonth: input.birthMonth,
      });
      if (response.ok && team) {
        // The account joins the team in the same step; an under-13 account that cannot join is not kept.
        const { user } = (await response.clone().json()) as { user: { id: string } };
        try {
          await joinAtSignUp(teams, user.id, team, isUnder13);
        } catch (error) {
          if (isUnder13) await deleteNewAccount(database, user.id);
          throw error;
        }
      }
      if (!response.ok) {
        const code = await readAuthError(response);
        if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
          throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
        }
        request.log.warn({ status: response.status, code }, 'sign-up refused');
        throw new AppError('bad_request', 'Signup failed. Try again.');
      }
      return sendResponse(reply, response);
    });

    // Changing one's own account: the display name follows the sign-up rules (shared schema), nothing else is
    // writable here, and a wrong type is a 400, not better-auth's 500.
    scope.post(`${AUTH_BASE_PATH}/update-user`, async (request, reply) => {
      await refuseBanned(request);
      const input = parseOrThrow(ZUpdateUserRequest, request.body);
      const flagged = screenText({ name: input.name });
      const response = await callAuth(request, input);
      const user = flagged && response.ok ? await getSessionUser(request) : null;
      if (flagged && user) await reportFilterHit(context, user.id, flagged, { surface: 'display_name' });
      return sendResponse(reply, response);
    });

    // The admin plugin's own endpoints are not exposed: our admin routes enforce the product's rules
    // (never demote the last admin, every score change in the ledger).
    scope.all(`${AUTH_BASE_PATH}/admin/*`, async (request, reply) =>
      reply.status(404).send(notFoundBody(request.method, request.url)),
    );

    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      handler: async (request, reply) => {
        const pathname = normalisedPath(request.url);
        // `/api/auth/callback/../update-user` would reach better-auth's update-user past the front doors above.
        if (pathname !== request.url.split('?')[0]) throw new AppError('bad_request', 'The address is not valid.');
        // A banned account's session opens no account door but the way out.
        if (pathname !== `${AUTH_BASE_PATH}/sign-out`) await refuseBanned(request);
        if (request.method === 'POST' && THROTTLED_AUTH_PATHS.has(pathname)) {
          const user = await getSessionUser(request);
          await enforceRateLimit('password-check', request.ip, user?.id);
          checkPasswordRequest(pathname, request.body);
        }
        if (!pathname.startsWith(`${AUTH_BASE_PATH}/callback/`)) return sendResponse(reply, await callAuth(request));
        // The OAuth callback makes the session: a ban refuses it, and the browser is told as a password sign-in is.
        const { result, bannedUserId } = await watchBannedSignIn(() => callAuth(request));
        return sendResponse(reply, bannedUserId ? await withBanRefusal(result, bannedUserId) : result);
      },
    });
  });
}
