/**
 * A signed-in account written straight into the database, for tests that only need "someone signed in". Signing up
 * through the API hashes the password (scrypt, a few hundred milliseconds on a loaded machine) for every user; here
 * the password is hashed once per test file and the rows are the ones better-auth writes at sign-up: the user, its
 * credential account and a session, with the session cookie signed as better-auth signs it (HMAC-SHA256 of the
 * token with the auth secret). `signed-in-user.test.ts` compares both ways, so a change in better-auth fails there.
 *
 * A sign-up that does more than store rows (mails a verification link, makes an ADMIN_EMAILS account an admin, files
 * a flagged name as a case, joins a team) is not this: `isPlainSignUp` says so, and the factories take the API then.
 */
import { createHmac } from 'node:crypto';
import { generateRandomString } from 'better-auth/crypto';
import { ageBandOf, directSignUpRefusal, ZSignUpRequest, type TSignUpRequest } from '@resolved/shared';
import type { TConfig } from '../config';
import { displayNameFrom, isAdminEmail } from '../features/auth/auth';
import { filterText } from '../lib/text-filter';
import type { TTestApp } from './harness';

/** What `app.inject` sends as the client's address and user agent, which better-auth stores on the session. */
const INJECT_IP = '127.0.0.1';
const INJECT_USER_AGENT = 'lightMyRequest';

/** Whether signing up with `input` would only store the account and sign it in (so the rows may be written here). */
export function isPlainSignUp(config: TConfig, input: TSignUpRequest): boolean {
  const parsed = ZSignUpRequest.safeParse(input);
  return (
    parsed.success &&
    parsed.data.joinCode === undefined &&
    directSignUpRefusal(ageBandOf(parsed.data.birthMonth), false) === null &&
    !config.smtp &&
    !isAdminEmail(config, parsed.data.email) &&
    filterText(parsed.data.name).verdict === 'clean'
  );
}

/** better-auth's ids: 32 letters and digits. */
const newId = () => generateRandomString(32, 'a-z', 'A-Z', '0-9');

/** Each password's hash, made once per test file (a salted scrypt hash verifies for any account that holds it). */
const passwordHashes = new Map<string, Promise<string>>();

/** The cookie header value better-auth's sign-up sets for a session token: `name=token.signature`, URI-encoded. */
export function sessionCookie(name: string, token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * Stores an account signed up with `input` (a plain sign-up: see `isPlainSignUp`) and a session of it, and returns
 * its id and the `cookie` header that signs it in.
 */
export async function insertSignedInUser(t: TTestApp, input: TSignUpRequest): Promise<{ id: string; cookie: string }> {
  const { name, email: givenEmail, password, birthMonth } = ZSignUpRequest.parse(input);
  const auth = await t.app.auth.$context;
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = auth.password.hash(password);
    passwordHashes.set(password, hash);
  }
  const email = givenEmail.toLowerCase();
  const isPostgres = t.database.engine === 'postgres';
  // Dates as better-auth writes them: `timestamptz` on PostgreSQL, ISO strings on SQLite.
  const stamp = (date: Date) => (isPostgres ? date : date.toISOString());
  const now = new Date();
  const id = newId();
  const token = newId();
  const db = t.database.db;
  await db
    .insertInto('users')
    .values({
      id,
      displayName: displayNameFrom(name, email),
      email,
      emailVerified: isPostgres ? false : 0,
      image: null,
      createdAt: stamp(now),
      updatedAt: stamp(now),
      role: 'user',
      banned: isPostgres ? false : 0,
      score: 0,
      birthMonth,
    })
    .execute();
  await db
    .insertInto('accounts')
    .values({
      id: newId(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hash,
      createdAt: stamp(now),
      updatedAt: stamp(now),
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      token,
      userId: id,
      expiresAt: stamp(new Date(now.getTime() + auth.sessionConfig.expiresIn * 1000)),
      createdAt: stamp(now),
      updatedAt: stamp(now),
      ipAddress: INJECT_IP,
      userAgent: INJECT_USER_AGENT,
    })
    .execute();
  return { id, cookie: sessionCookie(auth.authCookies.sessionToken.name, token, auth.secret) };
}
