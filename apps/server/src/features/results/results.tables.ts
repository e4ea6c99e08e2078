import type { Generated, Selectable } from 'kysely';
import type { TFormatId, TSideKey } from '@resolved/shared';

/** Ballots and ratings (migration 0006-debates; ratings as openskill's since 0057-openskill-ratings). */
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

export interface DebateRatingsTable {
  userId: string;
  formatId: TFormatId;
  mu: number;
  sigma: number;
  games: number;
  updatedAt: string;
}

/** A debater's rating after each rated round as it read (migration 0015-teams), for the progress chart. */
export interface RatingHistoryTable {
  id: Generated<number>;
  userId: string;
  formatId: TFormatId;
  rating: number;
  debateId: number | null;
  createdAt: string;
}

/** Migration 0045: a panel judge's own ballot (one per judge and round; the decision is in `debateBallots`). */
export interface DebatePanelBallotsTable {
  debateId: number;
  judgeId: string;
  winnerSide: TSideKey;
  speakerPointsA: number;
  speakerPointsB: number;
  reason: string;
  createdAt: string;
}

/** Migration 0059: a judged round's speaker points (in tenths) and optional speaker rank, one row per debater. */
export interface BallotDebaterPointsTable {
  debateId: number;
  userId: string;
  side: string;
  points: number;
  rank: number | null;
}

/** Migration 0063: a panel judge's speaker points (in tenths) and optional rank, one row per judge and debater. */
export interface PanelBallotDebaterPointsTable {
  debateId: number;
  judgeId: string;
  userId: string;
  side: string;
  points: number;
  rank: number | null;
}

/** Migration 0065: a British Parliamentary room's ranked ballot (the chair's for a panel). */
export interface BpBallotsTable {
  debateId: number;
  judgeId: string | null;
  /** 1 when the judge confirmed a ranking the speaker points contradict. */
  isLowPointWin: number;
  reason: string;
  createdAt: string;
}

/** Migration 0065: a BP team's result in its room: place, team points, its speakers' points together (tenths). */
export interface BpTeamResultsTable {
  debateId: number;
  team: string;
  rank: number;
  teamPoints: number;
  speakerPoints: number;
}

/** Migration 0065: a BP speaker's points (tenths), with their team and position. */
export interface BpSpeakerPointsTable {
  debateId: number;
  userId: string;
  team: string;
  position: string;
  points: number;
}

/**
 * Migration 0066: a BP team that forfeited its room (a member left or resigned, or the team was away): the place it
 * takes (4 for the first team to go, then 3, then 2) and who forfeited. The room goes on without it.
 */
export interface BpTeamForfeitsTable {
  debateId: number;
  team: string;
  place: number;
  forfeitedBy: string | null;
  createdAt: string;
}

/** A ballot as read from the database. */
export type TBallotRow = Selectable<DebateBallotsTable>;
export type TPanelBallotRow = Selectable<DebatePanelBallotsTable>;
export type TDebaterPointsRow = Selectable<BallotDebaterPointsTable>;

export interface ResultsTables {
  debateBallots: DebateBallotsTable;
  ballotDebaterPoints: BallotDebaterPointsTable;
  debatePanelBallots: DebatePanelBallotsTable;
  panelBallotDebaterPoints: PanelBallotDebaterPointsTable;
  bpBallots: BpBallotsTable;
  bpTeamResults: BpTeamResultsTable;
  bpSpeakerPoints: BpSpeakerPointsTable;
  bpTeamForfeits: BpTeamForfeitsTable;
  debateRatings: DebateRatingsTable;
  ratingHistory: RatingHistoryTable;
}
