import type { Generated, Selectable } from 'kysely';
import type {
  TClockAction,
  TClockState,
  TDebateStatus,
  TFormatId,
  TClockPhase,
  TCoinFlipPick,
  TPrepTaker,
  TRoundKind,
  TSeatSide,
  TSideKey,
  TDebaterSeatInput,
} from '@resolved/shared';

/** The round's tables (migration 0006-debates and later). Timestamps are ISO strings; the clock start keeps milliseconds. */

export interface DebatesTable {
  id: Generated<number>;
  formatId: TFormatId;
  resolution: string;
  topicId: number | null;
  status: TDebateStatus;
  debaterAId: string;
  debaterBId: string;
  judgeId: string | null;
  winnerSide: TSideKey | null;
  forfeitedBy: string | null;
  externalLink: string | null;
  clockPhase: TClockPhase;
  clockSpeechIndex: number;
  clockPrepTaker: TPrepTaker | null;
  clockStartedAt: string | null;
  clockIsPaused: number;
  clockElapsedBeforeMs: number;
  prepRemainingAMs: number;
  prepRemainingBMs: number;
  clockVersion: number;
  createdAt: string;
  endedAt: string | null;
  /** Migration 0012: speech time that actually ran (each speech up to its scheduled length), for the award rules. */
  spokenMs: Generated<number>;
  firstSpeechAt: string | null;
  judgeSeatedAt: string | null;
  debaterAJoinedAt: string | null;
  debaterBJoinedAt: string | null;
  /** Migration 0043: when the seated judge first opened the room (a tournament's standby check reads it). */
  judgeJoinedAt: Generated<string | null>;
  /** 1 when the round earned its debaters points (the repeat-pair window counts these). */
  isRewarded: Generated<number>;
  /** Migration 0013: the open judge invitation's token, if a debater sent one. */
  judgeInviteToken: string | null;
  /** Migration 0015: the team whose coach paired this practice round, and when the coach set it to start. */
  teamId: Generated<number | null>;
  startsAt: Generated<string | null>;
  /** A scheduled team round's start time until its opening has been announced (then null). */
  openNoticeDueAt: Generated<string | null>;
  /** Migration 0016: the debaters let spectators see the round's evidence. */
  evidencePublic: Generated<number>;
  /** A debater keeps the finished round's replay to the round (and its team). */
  replayPrivate: Generated<number>;
  /** Migration 0020: each debater agreed to record the round (recording runs when both have). */
  recordConsentA: Generated<number>;
  recordConsentB: Generated<number>;
  /** Migration 0025: when the team's coach called the round off (it ended `abandoned`). */
  cancelledAt: Generated<string | null>;
  /** Migration 0026: counted up each time a snapshot of the round is published (the newest snapshot wins). */
  revision: Generated<number>;
  /** Migration 0028: why the round did not count for points (`TNotCounted` as JSON), written when it is settled. */
  notCounted: Generated<string | null>;
  /** Migration 0029: how the round came to be (the queue, a challenge, a coach's pairing). */
  kind: Generated<TRoundKind>;
  /** Migration 0030: a live round ended because one person in it blocked another (it ended `abandoned`). */
  endedEarlyAt: Generated<string | null>;
  /**
   * Migration 0034: each debater's "let spectators watch" (1 on, 0 off, null not chosen: on for adults, off with a
   * minor; `spectatorsMayWatch`).
   */
  spectatorWatchA: Generated<number | null>;
  spectatorWatchB: Generated<number | null>;
  /**
   * Migration 0048: a Public Forum tournament round's coin flip: its winner (null: no coin flip) and each choice once
   * made; `firstSide`, the side whose speeches come first in each pair (`speechesOf`).
   */
  coinFlipWinnerId: Generated<string | null>;
  coinFlipWinnerChoice: Generated<TCoinFlipPick | null>;
  coinFlipLoserChoice: Generated<TCoinFlipPick | null>;
  firstSide: Generated<TSideKey>;
  /** Migration 0066: the round's chosen speech length (a five-minute BP room); null: the format's own. */
  speechMinutes: Generated<number | null>;
}

export interface ActiveDebatersTable {
  userId: string;
  debateId: number;
}

export interface DebateMessagesTable {
  id: Generated<number>;
  debateId: number;
  userId: string;
  text: string;
  createdAt: string;
  /** Made by the sender once per message (null on rows from before migration 0011). */
  clientId: string | null;
}

/** A team's partner chat (migration 0060): read only by the debaters of `side`. */
export interface DebatePartnerMessagesTable {
  id: Generated<number>;
  debateId: number;
  side: string;
  userId: string;
  text: string;
  createdAt: string;
  clientId: string | null;
}

/** Points of information and of order (migration 0018). */

export interface DebatePoisTable {
  id: Generated<number>;
  debateId: number;
  speechIndex: number;
  kind: 'poi' | 'order';
  offeredBy: string;
  status: 'offered' | 'accepted' | 'declined' | 'lapsed' | 'raised';
  offeredAt: string;
  answeredAt: string | null;
}

/** A round's clock commands in order (migration 0019): the replay's timeline. */

export interface DebateClockEventsTable {
  id: Generated<number>;
  debateId: number;
  action: TClockAction;
  /** The clock's phase and speech after the command. */
  phase: TClockPhase;
  speechIndex: number;
  at: string;
}

/** A debate as read from the database. */
export type TDebateRow = Selectable<DebatesTable>;

export interface DebateTables {
  debateClockEvents: DebateClockEventsTable;
  debatePois: DebatePoisTable;
  debates: DebatesTable;
  activeDebaters: ActiveDebatersTable;
  debateMessages: DebateMessagesTable;
  debatePartnerMessages: DebatePartnerMessagesTable;
  debatePanelJudges: DebatePanelJudgesTable;
  debateSeats: DebateSeatsTable;
}

/**
 * Migration 0056: a round's debaters, one row per person (`TRoundSeating`'s debaters). `debates.debaterAId`/`BId` and
 * their per-side columns stay written for side A's and side B's first seat, for readers not yet moved here.
 */
export interface DebateSeatsTable {
  debateId: number;
  side: TSeatSide;
  /** The seat's order on its side, from 1 (side A's seat 1 is `debaterAId`). */
  seat: number;
  /** A format's speaker position id; null on a side of one. */
  position: string | null;
  userId: string;
  joinedAt: Generated<string | null>;
  recordConsent: Generated<number>;
  /** "Let spectators watch": 1 on, 0 off, null not chosen (`spectatorsMayWatch`). */
  spectatorWatch: Generated<number | null>;
}

/** Migration 0045: a panel's seats (seat 1, the chair, is also `debates.judgeId`); none: a single judge. */
export interface DebatePanelJudgesTable {
  debateId: number;
  userId: string;
  seat: number;
  seatedAt: string;
  /** Migration 0050: when the judge first opened the round's room; null: not yet. */
  joinedAt: Generated<string | null>;
}

/** A round about to be inserted (matching, a challenge, a coach's pairing). */
export interface TNewDebate {
  kind: TRoundKind;
  formatId: TFormatId;
  resolution: string;
  topicId: number | null;
  debaterAId: string;
  debaterBId: string;
  /**
   * Every debater's seat, when a side holds more than one (side A's first seat must be `debaterAId`, side B's
   * `debaterBId`); absent: one seat a side, without a position.
   */
  seats?: readonly TDebaterSeatInput[];
  clock: TClockState;
  now: string;
  /** A team practice round: its team, the judge the coach assigned (seated from the start), its start time. */
  teamId?: number | null;
  judgeId?: string | null;
  startsAt?: string | null;
  /** A Public Forum tournament round: the debater who won the draw's coin flip (chooses in the room). */
  coinFlipWinnerId?: string | null;
}

/** What a status change writes beside the status (`transitionStatus`). */
export interface TStatusChange {
  status: TDebateStatus;
  winnerSide?: TSideKey | null;
  forfeitedBy?: string | null;
  endedAt?: string;
  /** A coach called the round off (it ends `abandoned`). */
  cancelledAt?: string;
  /** One person in the round blocked another (it ends `abandoned`). */
  endedEarlyAt?: string;
  /** A round ending early stops its clock (the version moves on, so a stale command is refused). */
  clock?: TClockState;
}
