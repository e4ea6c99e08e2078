import type { Generated } from 'kysely';
import type { TFormatId } from '@resolved/shared';

/** The queue and challenge links (migration 0006-debates). */
export interface DebateQueueTable {
  id: Generated<number>;
  userId: string;
  formatId: TFormatId;
  createdAt: string;
}

export interface DebateChallengesTable {
  token: string;
  userId: string;
  formatId: TFormatId;
  debateId: number | null;
  createdAt: string;
  /** Migration 0007: prep minutes chosen by the challenger, or null for the format's default. */
  prepMinutes: number | null;
}

export interface MatchmakingTables {
  debateQueue: DebateQueueTable;
  debateChallenges: DebateChallengesTable;
}
