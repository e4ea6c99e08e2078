import type { Generated } from 'kysely';
import type { BlocksTables } from '../features/blocks/blocks.tables';
import type { PlaybanTables } from '../features/playban/playban.tables';
import type { AuthTables } from '../features/auth/auth.tables';
import type { ChatTables } from '../features/chat/chat.tables';
import type { HelpTables } from '../features/help/help.tables';
import type { MotionsTables } from '../features/motions/motions.tables';
import type { RoomsTables } from '../features/rooms/rooms.tables';
import type { TeamsTables } from '../features/teams/teams.tables';
import type { TopicsTables } from '../features/topics/topics.tables';
import type { UsersTables } from '../features/users/users.tables';
import type { DebateTables } from '../features/debates/debates.tables';
import type { EvidenceTables } from '../features/evidence/evidence.tables';
import type { FlowsTables } from '../features/flows/flows.tables';
import type { MatchmakingTables } from '../features/matchmaking/matchmaking.tables';
import type { RecordingsTables } from '../features/recordings/recordings.tables';
import type { ResultsTables } from '../features/results/results.tables';
import type { ModerationTables } from '../features/moderation/moderation.tables';
import type { SfuTables } from '../features/sfu/sfu.tables';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */

/** Fixed-window rate-limit counters shared by every instance (migration 0010-rate-limits). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint: a string from PostgreSQL). */
  resetAt: number | string;
}

/** Work due later or repeatedly, claimed by one instance at a time (migration 0029, `lib/scheduler.ts`). */
export interface ScheduledJobsTable {
  name: string;
  /** Which one of the name's jobs ('' for a periodic job). */
  key: string;
  dueAt: string;
  /** JSON given to the job's handler, or null. */
  payload: string | null;
  claimedBy: string | null;
  claimedUntil: string | null;
  doneAt: string | null;
  attempts: Generated<number>;
  lastError: string | null;
}

/** A version per cached public read, bumped by triggers (migration 0038-read-versions, `lib/read-cache/`). */
export interface ReadVersionsTable {
  name: string;
  /** bigint: a string from PostgreSQL. */
  version: number | string;
}

/** Every table is declared beside the feature that owns it (`<feature>.tables.ts`); the rate limits belong to `lib/`. */
export interface DB
  extends
    AuthTables,
    ChatTables,
    DebateTables,
    EvidenceTables,
    FlowsTables,
    HelpTables,
    MatchmakingTables,
    MotionsTables,
    RecordingsTables,
    ResultsTables,
    RoomsTables,
    TeamsTables,
    TopicsTables,
    UsersTables,
    BlocksTables,
    PlaybanTables,
    ModerationTables,
    SfuTables {
  rateLimits: RateLimitsTable;
  readVersions: ReadVersionsTable;
  scheduledJobs: ScheduledJobsTable;
}
