import type { Generated } from 'kysely';
import type { TClockAction, TFormatId, TClockPhase, TPrepTaker, TSideKey } from '@resolved/shared';

/** The tables of migration 0006-debates. Timestamps are ISO strings; the clock start keeps milliseconds. */
export interface DebateQueueTable {
  id: Generated<number>;
  userId: string;
  formatId: TFormatId;
  createdAt: string;
}

/** `abandoned` (issue 16): both debaters left at once; nobody is blamed and nobody earns. */
export type TDebateStatus = 'live' | 'awaiting_ballot' | 'completed' | 'judged' | 'forfeited' | 'abandoned';

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
  /** Migration 0030: a live round ended because one person in it blocked another (it ended `abandoned`). */
  endedEarlyAt: Generated<string | null>;
}

export interface ActiveDebatersTable {
  userId: string;
  debateId: number;
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

export interface DebateBallotsTable {
  id: Generated<number>;
  debateId: number;
  judgeId: string | null;
  winnerSide: TSideKey;
  speakerPointsA: number;
  speakerPointsB: number;
  reason: string;
  createdAt: string;
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

export interface DebateRatingsTable {
  userId: string;
  formatId: TFormatId;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  updatedAt: string;
}

/** Evidence shared in a round (migration 0016): a file (its bytes in chunks), or a text or a link. */
export interface DebateEvidenceTable {
  id: Generated<number>;
  debateId: number;
  userId: string | null;
  kind: 'file' | 'text' | 'link';
  name: string;
  contentType: string | null;
  size: Generated<number>;
  text: string | null;
  /** 0 while a file is still arriving; only complete evidence is listed or served. */
  isComplete: Generated<number>;
  createdAt: string;
}

export interface DebateEvidenceChunksTable {
  evidenceId: number;
  seq: number;
  data: Buffer;
}

/** A participant's flow sheet for a round (migration 0017): `cells` is the JSON of `TFlowColumns`. */
export interface DebateFlowsTable {
  debateId: number;
  userId: string;
  cells: string;
  updatedAt: string;
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

/** A participant's recording of a round (migration 0020), its bytes in ordered chunks. */
export interface DebateRecordingsTable {
  id: Generated<number>;
  debateId: number;
  userId: string | null;
  mimeType: string;
  size: Generated<number>;
  chunks: Generated<number>;
  startedAt: string;
}

export interface DebateRecordingChunksTable {
  recordingId: number;
  seq: number;
  data: Buffer;
}

/** The size of each stored part of a recording (migration 0024), to find the parts a byte range covers. */
export interface DebateRecordingPartSizesTable {
  recordingId: number;
  seq: number;
  size: number;
}

/** Migration 0026: a recording's seekable WebM header (duration and cues), built once for `chunks` parts. */
export interface DebateRecordingIndexesTable {
  recordingId: number;
  chunks: number;
  /** Null when the recording is not a WebM the index could read (it is then served as stored). */
  durationMs: number | null;
  /** How many bytes at the start of the recording the header replaces. */
  metadataSize: number | null;
  header: Buffer | null;
}

export interface DebateTables {
  debateRecordingIndexes: DebateRecordingIndexesTable;
  debateRecordings: DebateRecordingsTable;
  debateRecordingChunks: DebateRecordingChunksTable;
  debateRecordingPartSizes: DebateRecordingPartSizesTable;
  debateClockEvents: DebateClockEventsTable;
  debatePois: DebatePoisTable;
  debateFlows: DebateFlowsTable;
  debateEvidence: DebateEvidenceTable;
  debateEvidenceChunks: DebateEvidenceChunksTable;
  debateQueue: DebateQueueTable;
  debates: DebatesTable;
  activeDebaters: ActiveDebatersTable;
  debateChallenges: DebateChallengesTable;
  debateBallots: DebateBallotsTable;
  debateMessages: DebateMessagesTable;
  debateRatings: DebateRatingsTable;
}
