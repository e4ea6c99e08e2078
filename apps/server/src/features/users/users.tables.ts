import type { Generated } from 'kysely';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */

/**
 * better-auth's users table (migration 0002-auth). better-auth writes them; our repositories read users for
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
  /** Migration 0033: "YYYY-MM", null until given; never shown to others, changed only by an admin. */
  birthMonth: Generated<string | null>;
  /** An under-13 account created through a team's join link, and the coach who owned the link. */
  isTeamManaged: Generated<number | boolean>;
  managedBy: Generated<string | null>;
  /** An admin's flag: may take the judge's seat of a round with a minor in it. */
  isVerifiedJudge: Generated<number | boolean>;
  /** Migration 0047: how they judge, shown to debaters wherever they are named as a judge (never under 18). */
  paradigm: Generated<string | null>;
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

/** How many users hold each score (migration 0008-score-counts), kept by triggers on users. */
export interface ScoreCountsTable {
  score: number;
  users: number;
}

/** One row (id 1): bumped by triggers whenever a rank may have changed (migration 0009-ranking-version). */
export interface RankingVersionTable {
  id: number;
  version: number | string;
}

export interface UsersTables {
  users: UsersTable;
  scoreLedger: ScoreLedgerTable;
  scoreCounts: ScoreCountsTable;
  rankingVersion: RankingVersionTable;
}
