import type { TFormatId, TTeamRole } from '@resolved/shared';
import type { Generated } from 'kysely';
import type { DebateTables } from '../features/debates/debates.tables';
import type { ModerationTables } from '../features/moderation/moderation.tables';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
export interface TopicsTable {
  id: Generated<number>;
  title: string;
  date: string;
  description: string;
  isCurrent: number;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  zoomLink: string;
  isFixed: number;
  createdBy: string | null;
  createdAt: string;
  /** Set when a room's name or link is changed (migration 0004). */
  updatedAt: string | null;
}

export interface ContactRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  createdAt: string;
}

/**
 * better-auth's tables (migration 0002-auth). better-auth writes them; our repositories read users for
 * ranks and set score/role. Dates are ISO strings on SQLite and `Date` on PostgreSQL (timestamptz).
 */
export interface UsersTable {
  id: string;
  displayName: string;
  email: string;
  emailVerified: Generated<number | boolean>;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  role: Generated<string>;
  banned: Generated<number | boolean | null>;
  banReason: string | null;
  banExpires: string | Date | null;
  score: Generated<number>;
  /** A moderator's mute / suspension from live debates ends then (migration 0031; ISO, null: none). */
  mutedUntil: Generated<string | null>;
  suspendedUntil: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: string | Date | null;
  refreshTokenExpiresAt: string | Date | null;
  scope: string | null;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** Every admin score change (migration 0003-score-ledger). */
export interface ScoreLedgerTable {
  id: Generated<number>;
  userId: string;
  changedBy: string | null;
  oldScore: number;
  newScore: number;
  reason: string;
  createdAt: string;
  /** Migration 0012: the debate an automatic award came from (null for an admin's change). */
  debateId: Generated<number | null>;
}

/** The motion bank (migration 0014-motions). */
export interface MotionsTable {
  id: Generated<number>;
  formatId: TFormatId;
  text: string;
  createdBy: string | null;
  createdAt: string;
}

/** Teams (migrations 0015-teams, 0027-team-join-switch). `isJoinOpen` 0 or no `joinCode`: joining is switched off. */
export interface TeamsTable {
  id: Generated<number>;
  name: string;
  school: string;
  description: Generated<string>;
  /** The last code stays when joining is switched off, so that code can say so. */
  joinCode: string | null;
  /** 1 while the code lets people join; 0 once the coach switched joining off. */
  isJoinOpen: Generated<number>;
  createdBy: string | null;
  createdAt: string;
}

export interface TeamMembersTable {
  teamId: number;
  userId: string;
  role: TTeamRole;
  isJudge: Generated<number>;
  joinedAt: string;
}

/** A debater's rating after each rated round (migration 0015-teams), for the progress chart. */
export interface RatingHistoryTable {
  id: Generated<number>;
  userId: string;
  formatId: TFormatId;
  rating: number;
  debateId: number | null;
  createdAt: string;
}

/** Community chat messages (migration 0005-chat). Soft-deleted: `deletedAt`/`deletedBy` set, row kept. */
export interface MessagesTable {
  id: Generated<number>;
  /** Made by the sender's browser once per message; unique per user, so a retried send stores once. */
  clientId: string;
  userId: string;
  text: string;
  email: string;
  displayName: string;
  role: string;
  timestamp: string;
  deletedAt: string | null;
  deletedBy: string | null;
}

/** How many users hold each score (migration 0008-score-counts), kept by triggers on users. */
export interface ScoreCountsTable {
  score: number;
  users: number;
}

/** Fixed-window rate-limit counters shared by every instance (migration 0010-rate-limits). */
export interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint: a string from PostgreSQL). */
  resetAt: number | string;
}

/** One row (id 1): bumped by triggers whenever a rank may have changed (migration 0009-ranking-version). */
export interface RankingVersionTable {
  id: number;
  version: number | string;
}

/** The debates tables (migration 0006-debates) are declared beside their feature. */
export interface DB extends DebateTables, ModerationTables {
  topics: TopicsTable;
  rooms: RoomsTable;
  contactRequests: ContactRequestsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  scoreLedger: ScoreLedgerTable;
  messages: MessagesTable;
  scoreCounts: ScoreCountsTable;
  rankingVersion: RankingVersionTable;
  rateLimits: RateLimitsTable;
  motions: MotionsTable;
  teams: TeamsTable;
  teamMembers: TeamMembersTable;
  ratingHistory: RatingHistoryTable;
}
