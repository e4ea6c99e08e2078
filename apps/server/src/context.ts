import type { TRandom } from '@resolved/shared';
import type { TConfig } from './config';
import type { TDatabase } from './db/database';
import type { TBlobStore } from './lib/blob-store/blob-store';
import type { DomainEvents } from './lib/events';
import type { Scheduler } from './lib/scheduler/scheduler';
import type { TMailer } from './features/mail/mailer';

/**
 * What every feature is given: configuration, the database, the store of files, the version, the domain events, the
 * scheduler and the mailer.
 * Its own module so features never import `app.ts` (which imports every feature).
 */
export interface TAppContext {
  config: TConfig;
  database: TDatabase;
  /** Where evidence files and recordings keep their bytes (the database, or S3). */
  blobs: TBlobStore;
  version: string;
  /** Domain events: services emit, the realtime module delivers. */
  events: DomainEvents;
  /** Work that happens later or repeatedly, run once across instances (`lib/scheduler/scheduler.ts`). */
  scheduler: Scheduler;
  /** Outgoing mail, one transport for the app; unset without SMTP_URL. */
  mailer: TMailer | undefined;
}

/**
 * What a feature's services take from the context to read and change rounds: the database and the domain events,
 * and in tests a fixed random source and clock.
 */
export interface TDebatesDeps {
  database: TDatabase;
  events: DomainEvents;
  /** Side draws; tests inject a fixed source. */
  random?: TRandom;
  /** Server time in ms; tests may inject. */
  now?: () => number;
  /** How long a debater may be away before forfeiting (`DEBATE_FORFEIT_AFTER_MS`; unset: FORFEIT_AFTER_MS). */
  forfeitAfterMs?: number | undefined;
}
