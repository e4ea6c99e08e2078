import type { Generated } from 'kysely';
import type { TChallengeMode, TFormatId, TQueueMode } from '@resolved/shared';

/** The queue and challenge links (migration 0006-debates). */
export interface DebateQueueTable {
  id: Generated<number>;
  userId: string;
  formatId: TFormatId;
  createdAt: string;
  /** Migration 0058: how the person queues. */
  mode: Generated<TQueueMode>;
  /** Migration 0058: in `team` mode the partners named, `,id,` each between commas; else null. */
  partnerIds: string | null;
  /** Migration 0066: a British Parliamentary queuer's speech length, 7 or 5 minutes (null: 7). */
  speechMinutes: Generated<number | null>;
}

export interface DebateChallengesTable {
  token: string;
  userId: string;
  formatId: TFormatId;
  debateId: number | null;
  createdAt: string;
  /** Migration 0007: prep minutes chosen by the challenger, or null for the format's default. */
  prepMinutes: number | null;
  /** Migration 0064: `team` or `one-on-one`; null for a link made before (one-on-one). */
  mode: TChallengeMode | null;
  /** Migration 0064: a team challenge's partners, `,id,` each between commas; else null. */
  partnerIds: string | null;
}

/** Migration 0058: a partner link, which one other person may accept once within `PARTNER_LINK_TTL_MS`. */
export interface PartnerLinksTable {
  token: string;
  creatorId: string;
  formatId: TFormatId;
  createdAt: string;
  accepterId: string | null;
  acceptedAt: string | null;
}

export interface MatchmakingTables {
  debateQueue: DebateQueueTable;
  debateChallenges: DebateChallengesTable;
  partnerLinks: PartnerLinksTable;
}
