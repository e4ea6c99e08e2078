/**
 * A judged British Parliamentary room as the debate's API shows it (issue 41): the four teams in place order with
 * their team points, their speakers' points and who gave them, and a debater's BP record for their dashboard.
 */
import type { TBpPosition, TBpSide } from '../formats/british-parliamentary.js';
import type { TDebateParticipant } from '../debate/protocol.js';
import type { TBpRank } from './types.js';

/** One team's result in its room. */
export interface TBpTeamResult {
  team: TBpSide;
  rank: TBpRank;
  /** 3, 2, 1, 0 by place. */
  teamPoints: number;
  /** Its two speakers' points together. */
  speakerPoints: number;
  /** Each speaker, in speaking order: their position and points. */
  speakers: { userId: string; position: TBpPosition; points: number }[];
}

/** A room's ranked ballot: the teams first to fourth. */
export interface TBpRoundResult {
  /** Who gave it: the judge, or the chair for a panel. Null once that account is gone. */
  judge: TDebateParticipant | null;
  /** First place first. */
  teams: TBpTeamResult[];
  /** The judge confirmed a ranking the speaker points contradict. */
  isLowPointWin: boolean;
  reason: string;
  createdAt: string;
}

/** A debater's British Parliamentary record: rooms judged, team points, and how often they placed first to fourth. */
export interface TBpRecord {
  rounds: number;
  teamPoints: number;
  /** How many rooms they placed first, second, third and fourth in. */
  places: [number, number, number, number];
  /** Their latest judged room: their team, its place and points, and their own speaker points. */
  last: {
    debateId: number;
    team: TBpSide;
    rank: TBpRank;
    teamPoints: number;
    speakerPoints: number;
  } | null;
}
