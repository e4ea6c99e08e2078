import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { AUTH_BASE_PATH, createAuth } from './auth';
import { authRoutes } from './auth.routes';

/**
 * Creates the auth instance for this app on `app.auth`, on the app itself: call before registering the modules, whose
 * guards read it.
 */
export function decorateAuth(app: FastifyInstance, context: TAppContext) {
  const { config, database, blobs, events, mailer } = context;
  app.decorate('auth', createAuth({ config, database, blobs, events, log: app.log, mailer }));
}

/** Accounts: better-auth's handler under `/api/auth/*`, our sign-in and sign-up front doors and the session. */
export async function authModule(app: FastifyInstance, context: TAppContext) {
  await app.register(authRoutes, context);
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
  }
}

/**
 * The Google popup returns from the provider to `/api/auth/callback/google` and ends on `/oauth/done`.
 * Those two answer with `Cross-Origin-Opener-Policy: unsafe-none` so that coming back from the provider
 * does not move the popup into a new browsing-context group: the opener keeps its reference, sees the
 * popup's real `closed` state, and receives its message.
 */
export function registerOAuthPopupHeaders(app: FastifyInstance) {
  // Synchronous: it runs on every answer and is about two paths.
  app.addHook('onSend', (request, reply, payload, done) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith(`${AUTH_BASE_PATH}/callback/`) || pathname === '/oauth/done') {
      reply.header('cross-origin-opener-policy', 'unsafe-none');
    }
    done(null, payload);
  });
}
