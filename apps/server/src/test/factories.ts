/**
 * Test data factories. Each builds its records through the real routes (so what a test sees is what a
 * person would get), adjusting only what no public route sets directly (a role, a starting score); an account is
 * the exception, written as better-auth writes it at sign-up to spare a password hash per user (`buildUser`).
 */
import { randomBytes } from 'node:crypto';
import { ageBandOf, type TRole, type TSessionUser, type TSignUpRequest } from '@resolved/shared';
import type { TTestApp } from './harness';
import { insertSignedInUser, isPlainSignUp } from './signed-in-user';

let sequence = 0;

/** `name=value; name2=value2` from a response's Set-Cookie headers, for `cookie:` and `extraHeaders`. */
export function cookieHeaderFrom(setCookie: string | string[] | undefined): string {
  const list = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return list
    .map((line) => line.split(';')[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

export interface TBuildUserOptions {
  role?: TRole;
  displayName?: string;
  email?: string;
  password?: string;
  score?: number;
  /**
   * "YYYY-MM"; an adult's by default. `null` leaves it unset, as on an account from before ages. A month
   * under 13 (which a direct sign-up refuses) is written after an adult's sign-up, as is `teamManagedBy`: tests of the
   * join-link route itself use the route.
   */
  birthMonth?: string | null;
  /** Makes the account team-managed by this coach, as a sign-up through the coach's join link does. */
  teamManagedBy?: string;
}

/** The month of birth test accounts have unless a test says otherwise: an adult's. */
export const ADULT_BIRTH_MONTH = '1990-01';

export const DEFAULT_TEST_PASSWORD = 'correct horse battery';

/**
 * A real account, signed in, with its session cookie: the rows better-auth stores at sign-up, written directly
 * (`signed-in-user.ts`: no password hashing per user) when the sign-up would do nothing more, otherwise created
 * through `POST /api/auth/sign-up/email`. Tests of signing up or in use the routes themselves.
 */
export async function buildUser(
  t: TTestApp,
  opts: TBuildUserOptions = {},
): Promise<{ user: TSessionUser; cookie: string }> {
  sequence += 1;
  const wanted = opts.birthMonth === undefined ? ADULT_BIRTH_MONTH : opts.birthMonth;
  const signUpMonth = wanted !== null && ageBandOf(wanted) !== 'child' ? wanted : ADULT_BIRTH_MONTH;
  const signUp = {
    name: opts.displayName ?? `Test User ${sequence}`,
    email: opts.email ?? `user${sequence}-${randomBytes(4).toString('hex')}@example.test`,
    password: opts.password ?? DEFAULT_TEST_PASSWORD,
    birthMonth: signUpMonth,
  };
  const { id, cookie } = isPlainSignUp(t.config, signUp)
    ? await insertSignedInUser(t, signUp)
    : await signUpThroughApi(t, signUp);

  const changes: {
    role?: TRole;
    score?: number;
    birthMonth?: string | null;
    isTeamManaged?: number;
    managedBy?: string;
  } = {};
  if (opts.role !== undefined) changes.role = opts.role;
  if (opts.score !== undefined) changes.score = opts.score;
  if (wanted !== signUpMonth) changes.birthMonth = wanted;
  if (opts.teamManagedBy !== undefined) {
    changes.isTeamManaged = 1;
    changes.managedBy = opts.teamManagedBy;
  }
  if (Object.keys(changes).length > 0) {
    await t.database.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const user = session.json<{ user: TSessionUser | null }>().user;
  if (!user) throw new Error('buildUser: the new session was not recognised');
  return { user, cookie };
}

async function signUpThroughApi(t: TTestApp, payload: TSignUpRequest): Promise<{ id: string; cookie: string }> {
  const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
  if (signUp.statusCode !== 200) throw new Error(`buildUser: sign-up failed (${signUp.statusCode}): ${signUp.body}`);
  return {
    id: signUp.json<{ user: { id: string } }>().user.id,
    cookie: cookieHeaderFrom(signUp.headers['set-cookie']),
  };
}
