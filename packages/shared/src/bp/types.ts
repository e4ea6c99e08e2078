/**
 * British Parliamentary's pure core (issue 41) reads plain objects: the teams of a field, the rooms already decided
 * with their ranks and points, and a seed. Nothing here knows a database, a round row or a clock; the server builds
 * these from its rows once rounds seat four teams.
 */
import type { TBpSide } from '../formats/british-parliamentary.js';

export type { TBpSide };

/** A team's place in a room: 1 is first. */
export type TBpRank = 1 | 2 | 3 | 4;

/** A decided room: which team sat where, each team's place and its speaker points. */
export interface TBpRoomResult {
  teams: Readonly<Record<TBpSide, string>>;
  ranks: Readonly<Record<TBpSide, TBpRank>>;
  /** Each team's speaker points in the room (its two speakers' together); null: none given (a team that forfeited). */
  speakerPoints: Readonly<Record<TBpSide, number | null>>;
  /**
   * Each team's team points as the result recorded them: a team that forfeited has none, whatever its place (a second
   * or third forfeit takes 3rd or 2nd). Unset: from the places (`BP_TEAM_POINTS`, 3, 2, 1, 0).
   */
  teamPoints?: Readonly<Record<TBpSide, number>>;
}

/** A finished round: its decided rooms. A swing team's room counts for the real teams in it like any other. */
export interface TBpRoundRecord {
  rooms: readonly TBpRoomResult[];
}

export interface TBpDrawInput {
  /** The field's active teams: a multiple of four (the caller adds swing teams first). */
  teamIds: readonly string[];
  /** Every earlier round of the tournament, in order, from decided rooms only. */
  rounds: readonly TBpRoundRecord[];
  /** Makes the draw reproducible: the same inputs and seed give the same draw. */
  seed: string;
}

export interface TBpDrawnRoom {
  teams: Record<TBpSide, string>;
  /** The team points of the bracket the room was drawn in (a team pulled up into it has fewer). */
  bracket: number;
  /** The room's position cost (`bpPositionCost` summed over its four teams): 0 when nobody repeats a position. */
  positionCost: number;
}

export interface TBpDraw {
  /** 1-based: `rounds.length + 1`. */
  roundNumber: number;
  /** Rooms from the top bracket down. */
  rooms: TBpDrawnRoom[];
  /** Teams drawn into a bracket above their own team points. */
  pullUps: string[];
}
