/**
 * The account rules our front doors add to better-auth: rate limits per address and account, the spec's distinct
 * sign-in messages, one account per e-mail, and the checks on requests that test or set a password.
 */
import { ZPassword } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { AppError, parseOrThrow, rateLimitedError } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { findUserByEmail } from '../users/users.service';
import { AUTH_BASE_PATH } from './auth';

const RATE_WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * better-auth endpoints throttled like sign-in, per account (when signed in) and per address: those that check a
 * password of a signed-in account (or set one), so a stolen session cannot test passwords without limit, and
 * those that send mail, so nobody can flood an inbox.
 */
export const THROTTLED_AUTH_PATHS = new Set(
  [
    'verify-password',
    'change-password',
    'set-password',
    'delete-user',
    'change-email',
    'reset-password',
    'request-password-reset',
    'send-verification-email',
  ].map((name) => `${AUTH_BASE_PATH}/${name}`),
);

type TAuthDeps = Pick<TAppContext, 'config' | 'database'>;
export type TAuthLimitKind = 'sign-in' | 'sign-up' | 'password-check';

/** The sign-in, sign-up and password-check limits, counted in the database (so every instance shares them). */
export function createAuthLimits({ config, database }: TAuthDeps) {
  const limits = {
    perIp: new RateLimiter(database.db, config.authRateLimit.perIp, RATE_WINDOW_MS),
    perEmail: new RateLimiter(database.db, config.authRateLimit.perEmail, RATE_WINDOW_MS),
    signUpsPerIpPerDay: new RateLimiter(database.db, config.authRateLimit.signUpsPerIpPerDay, DAY_MS),
  };
  /** Counts an attempt against every limit that applies, and refuses it if any is exceeded. */
  return async function enforceRateLimit(kind: TAuthLimitKind, ip: string, account: string | undefined) {
    // Every limit is counted, whichever is exceeded.
    const checks = [
      await limits.perIp.hit(`${kind}:ip:${ip}`),
      ...(account === undefined ? [] : [await limits.perEmail.hit(`${kind}:email:${account}`)]),
      ...(kind === 'sign-up' ? [await limits.signUpsPerIpPerDay.hit(`sign-up-day:ip:${ip}`)] : []),
    ];
    const refusals = checks.filter((check) => !check.isAllowed);
    if (refusals.length > 0) {
      throw rateLimitedError(Math.max(...refusals.map((check) => check.retryAfterMs)));
    }
  };
}

/** The spec keeps distinct messages for an unknown e-mail and a wrong password (§8): the first is said here. */
export async function requireAccount({ database }: Pick<TAuthDeps, 'database'>, email: string): Promise<void> {
  if (!(await findUserByEmail(database.db, email))) throw new AppError('not_found', 'User not found. Please sign up.');
}

export const EMAIL_TAKEN_MESSAGE = 'This email is already registered.';

/** One account per e-mail. */
export async function requireEmailFree({ database }: Pick<TAuthDeps, 'database'>, email: string): Promise<void> {
  if (await findUserByEmail(database.db, email)) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
}

/**
 * A throttled request's own rules: a new password (change, reset, set) follows the sign-up rule, common passwords
 * refused; deleting an account always asks for its password (not only when the session is old).
 */
export function checkPasswordRequest(pathname: string, body: unknown): void {
  const fields = body as { newPassword?: unknown; password?: unknown } | null;
  if (typeof fields?.newPassword === 'string') parseOrThrow(ZPassword, fields.newPassword);
  if (pathname === `${AUTH_BASE_PATH}/delete-user` && (typeof fields?.password !== 'string' || !fields.password)) {
    throw new AppError('validation_failed', 'Enter your password to delete your account.');
  }
}
