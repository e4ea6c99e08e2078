import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { admin, genericOAuth } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS, REFUSALS, withoutForbiddenCharacters, ZDisplayName } from '@resolved/shared';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/database';
import { findAccountForPromotion, promoteToAdmin } from '../users/users.service';
import type { TMailer } from '../mail/mailer';
import { deleteMessagesOfUser } from '../chat/chat.service';
import type { TBlobStore } from '../../lib/blob-store/blob-store';
import { deleteEvidenceOfUser, fileIdsOfDebater } from '../evidence/evidence.service';
import { recordingIdsOfDebater } from '../recordings/recordings.service';
import { reportFilterHit } from '../../lib/filter-hits';
import { screenText } from '../../lib/text-filter';
import { unnameReporter } from '../moderation/moderation.service';
import { filterText } from '../../lib/text-filter';
import type { DomainEvents } from '../../lib/events';
import { releasingAsyncContext } from './async-context';
import { noteBannedSignIn } from './banned-sign-in';

/** The provider id of Google sign-in; its callback (register it with Google) is `/api/auth/callback/google`. */
export const GOOGLE_PROVIDER_ID = 'google';

/** Where better-auth's own routes are mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/**
 * The secret that signs session cookies. AUTH_SECRET wins; without it (development, a single SQLite
 * instance) one is generated once and kept in DATA_DIR so that sessions survive a restart.
 */
export function resolveAuthSecret(config: TConfig, log?: Pick<FastifyBaseLogger, 'warn'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  log?.warn(
    { file },
    'AUTH_SECRET is not set: using a generated secret stored in DATA_DIR. Set AUTH_SECRET in production (the same value on every instance).',
  );
  return fs.readFileSync(file, 'utf8').trim();
}

export function isAdminEmail(config: TConfig, email: string): boolean {
  return config.adminEmails.includes(email.trim().toLowerCase());
}

/**
 * Whether an account becomes an admin through ADMIN_EMAILS. With mail configured, only once the address is
 * verified (whoever signs up first with an admin's address must prove they own it); without mail there is no way to
 * prove it, so the address alone counts, as the README warns (`npm run admin -- grant` is the safe way).
 */
export function qualifiesAsAdmin(
  config: TConfig,
  user: { email: string; emailVerified?: boolean | number | null },
): boolean {
  if (!isAdminEmail(config, user.email)) return false;
  return !config.smtp || Boolean(user.emailVerified);
}

/**
 * The display name an account starts with: the sign-up rules (ZDisplayName) applied to what the provider sent — a
 * Google profile name may be long, blank or carry control or invisible characters — falling back to the e-mail's local part.
 */
export function displayNameFrom(name: unknown, email: string): string {
  const parsed = ZDisplayName.safeParse(name);
  // A slur of the text filter's critical list is never stored: the e-mail's local part (or a neutral name) instead.
  const fallback = () => {
    const local = (email.split('@')[0] ?? '').slice(0, LIMITS.displayName.max);
    return local !== '' && filterText(local).verdict !== 'refused' ? local : 'Debater';
  };
  if (parsed.success) return filterText(parsed.data).verdict === 'refused' ? fallback() : parsed.data;
  const cleaned = withoutForbiddenCharacters(
    // eslint-disable-next-line no-control-regex
    String(typeof name === 'string' ? name : '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' '),
    'name',
  )
    .trim()
    .slice(0, LIMITS.displayName.max)
    .trim();
  return cleaned !== '' && filterText(cleaned).verdict !== 'refused' ? cleaned : fallback();
}

/**
 * Access control for the admin plugin: the three roles of the product. `moderator` gets the same
 * (empty) plugin permissions as `user`; what moderators may do is decided by our own guards.
 */
const roles = { user: userAc, moderator: userAc, admin: adminAc };

/**
 * The better-auth instance over our own Kysely database. Its tables are created by OUR migration
 * `0002-auth` (see auth.migrations.test.ts, which asserts better-auth expects nothing more).
 */
export function createAuth(options: {
  config: TConfig;
  database: TDatabase;
  log?: FastifyBaseLogger;
  mailer?: TMailer;
  /** The store of evidence files and recordings, whose bytes go with the account's rounds. */
  blobs?: TBlobStore;
  /** Domain events (the text filter's automatic case on a new account's name needs the moderation service's deps). */
  events?: DomainEvents;
}) {
  const { config, database, mailer, blobs, events } = options;
  async function promoteIfAdmin(userId: string) {
    const user = await findAccountForPromotion(database.db, userId);
    if (user && user.role !== 'admin' && qualifiesAsAdmin(config, user)) await promoteToAdmin(database.db, user.id);
  }
  const isHttps = config.publicUrl.startsWith('https://');
  /** Between an account's deletion hooks: the blobs of its rounds, read while their rows still exist. */
  const blobsOfDeletedUsers = new Map<string, { fileIds: number[]; recordingIds: number[] }>();
  const auth = betterAuth({
    appName: 'Resolved',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(config, options.log),
    database: { db: database.db, type: database.engine, transaction: true },
    trustedOrigins: config.trustedOrigins,
    // Our own limiter (per IP and per e-mail, with the product's message) guards sign-in and sign-up.
    rateLimit: { enabled: false },
    // Into the server's own log (structured, at its level) rather than better-auth's coloured console lines.
    logger: {
      disabled: !options.log,
      level: 'warn',
      log: (level, message, ...args: unknown[]) => {
        const err = args.find((arg) => arg instanceof Error);
        options.log?.[level]({ ...(err ? { err } : {}), details: args.filter((arg) => arg !== err) }, message);
      },
    },
    telemetry: { enabled: false },
    user: {
      modelName: 'users',
      fields: { name: 'displayName' },
      additionalFields: {
        score: { type: 'number', required: false, defaultValue: 0, input: false },
        // Given at sign-up through our front door (validated there); update-user's door never passes it.
        birthMonth: { type: 'string', required: false, input: true },
      },
      // Account settings: deleting one's own account, with the password (see docs/decisions.md for what goes with it).
      deleteUser: {
        enabled: true,
        // Its rounds, ratings and ledger go by the tables' foreign keys; chat messages carry no key, and the bytes of
        // its rounds' files and recordings may sit in S3, where no key reaches: their ids are read before the rows go,
        // and the bytes deleted once the account is (a deletion that fails leaves every file whole).
        beforeDelete: async (user: { id: string }) => {
          await deleteMessagesOfUser(database.db, user.id);
          if (blobs) {
            blobsOfDeletedUsers.set(user.id, {
              fileIds: await fileIdsOfDebater({ database }, user.id),
              recordingIds: await recordingIdsOfDebater({ database }, user.id),
            });
          }
          // Evidence shared as a judge: its rows carry a key that would only unname them; they go (ids read above).
          await deleteEvidenceOfUser({ database }, user.id);
          // Reports it filed: no key reaches them (a case outlives accounts); unlinked, and unnamed outside child safety.
          await unnameReporter({ database }, user.id);
        },
        afterDelete: async (user: { id: string }) => {
          const ids = blobsOfDeletedUsers.get(user.id);
          blobsOfDeletedUsers.delete(user.id);
          if (!blobs || !ids) return;
          await blobs.deleteFiles(ids.fileIds);
          await blobs.deleteRecordings(ids.recordingIds);
        },
      },
    },
    session: {
      modelName: 'sessions',
      // Read the session (and the role) from the database on every request: a role change applies at once.
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'accounts',
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.password.min,
      maxPasswordLength: LIMITS.password.max,
      autoSignIn: true,
      // "Forgot password?": the link leads to /reset-password?token=… (better-auth checks the token first).
      ...(mailer
        ? {
            sendResetPassword: async ({ user, url }: { user: { email: string }; url: string }) =>
              mailer.send({
                to: user.email,
                subject: 'Reset your Resolved password',
                text: `Someone asked to reset the password of your Resolved account.\n\nSet a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
              }),
            revokeSessionsOnPasswordReset: true,
          }
        : {}),
    },
    ...(mailer
      ? {
          emailVerification: {
            sendOnSignUp: true,
            autoSignInAfterVerification: true,
            expiresIn: 24 * 60 * 60,
            sendVerificationEmail: async ({ user, url }: { user: { email: string }; url: string }) =>
              mailer.send({
                to: user.email,
                subject: 'Confirm your e-mail for Resolved',
                text: `Welcome to Resolved!\n\nConfirm that this is your e-mail address (the link works for 24 hours):\n${url}\n\nIf you did not sign up, ignore this e-mail.`,
              }),
            // An ADMIN_EMAILS address becomes admin once its owner has proved it.
            afterEmailVerification: async (user: { id: string }) => promoteIfAdmin(user.id),
          },
        }
      : {}),
    advanced: {
      cookiePrefix: 'resolved',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
    },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS accounts are admins from the start (the spec's fixed admin list).
          async before(user) {
            const name = displayNameFrom(user.name, user.email);
            return { data: { ...user, name, role: qualifiesAsAdmin(config, user) ? 'admin' : 'user', score: 0 } };
          },
          // A name the text filter flagged (by e-mail or from Google) is kept and filed as an automatic case.
          async after(user) {
            const flagged = events ? screenText({ name: user.name }) : null;
            if (flagged && events) await reportFilterHit({ events }, user.id, flagged, { surface: 'display_name' });
          },
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS may have changed since the account signed up: apply it at every sign-in.
          async after(session) {
            await promoteIfAdmin(session.userId);
          },
        },
      },
    },
    plugins: [
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        roles,
        // Which account was refused, for the Google callback's door (its redirect names nobody): `banned-sign-in.ts`.
        bannedUserMessage: (user) => {
          noteBannedSignIn(user.id);
          return REFUSALS.account_banned.message;
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Google lets a person with several accounts choose one; other issuers (the tests'
                  // local provider) may not support this prompt value.
                  ...(new URL(config.google.issuer).hostname === 'accounts.google.com'
                    ? { prompt: 'select_account' as const }
                    : {}),
                  // Login never creates an account (spec §8: "User not found. Please sign up first."); sign-up asks.
                  disableImplicitSignUp: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  // Its async context is switched off between calls: on Node 20 it costs every request of the process.
  return releasingAsyncContext(auth);
}

export type TAuth = ReturnType<typeof createAuth>;
