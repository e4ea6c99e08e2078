import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site writes to the API (a form on another site posting with the user's cookie).
 * A browser always sends `Origin` on a cross-origin POST, and `Sec-Fetch-Site` when it can; the write is
 * allowed when the origin is PUBLIC_URL or the host the request was sent to (same-origin by definition).
 * Requests without either header (curl, server-to-server, `app.inject`) carry no ambient browser
 * cookie risk and pass. better-auth checks its own routes against `trustedOrigins` as well.
 */
export function isCrossSiteWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return true;
    const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
    return !allowed.has(origin);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** The path with dot segments and percent-encoding resolved: `/api/auth/callback/../update-user` is update-user. */
export function normalisedPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  // Synchronous, and a read (GET, HEAD, OPTIONS) leaves at the first line: every request passes here.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const pathname = normalisedPath(request.url);
    if (!pathname.startsWith('/api/') && !request.url.startsWith('/api/')) return done();
    // OAuth providers may post the callback back to us from their own origin (response_mode=form_post);
    // better-auth validates that request with its own state cookie.
    if (pathname.startsWith('/api/auth/callback/')) return done();
    if (isCrossSiteWrite(request, publicUrl)) {
      return done(new AppError('forbidden', 'Cross-site requests are not allowed.'));
    }
    done();
  });
}
