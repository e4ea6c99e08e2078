/** What the moderation services take from the app, and the few helpers they all use. */
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { TMailer } from '../mail/mailer';

export type TModerationDeps = Pick<TAppContext, 'database' | 'events' | 'blobs'> & {
  safetyRetentionDays: number;
  mailer?: TMailer | undefined;
  /** Where the case page lives, for the e-mail to admins. */
  publicUrl?: string | undefined;
  now?: () => number;
};

export const DAY_MS = 24 * 60 * 60 * 1000;

export const db = (deps: Pick<TModerationDeps, 'database'>) => deps.database.db;
export const nowMs = (deps: Pick<TModerationDeps, 'now'>) => (deps.now ? deps.now() : Date.now());
export const iso = (ms: number) => new Date(ms).toISOString();

export const notFound = (what: string) => new AppError('not_found', `That ${what} does not exist.`);
