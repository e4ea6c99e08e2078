/**
 * A tournament's released rounds as the rounds API returns them (`GET /api/tournaments/:id/rounds`): each round's
 * pairings, with what hosts alone read of them. Kept apart from `tournament-schemas.ts` for its size.
 */
import type { TDebateStatus } from './debate/protocol.js';
import type { TCoinFlip } from './debate/coin-flip.js';
import type { TDrawFlag } from './tournaments/types.js';
import type { TBpSide } from './bp/types.js';
import type { TBpForfeits } from './bp/forfeits.js';
import type { TBpPosition } from './formats/british-parliamentary.js';
import type { TTournamentEntrantRef, TTournamentRoundStatus } from './tournament-schemas.js';

export interface TTournamentPairing {
  id: number;
  divisionId: number;
  /** Null for the bye. */
  debateId: number | null;
  aff: TTournamentEntrantRef | null;
  neg: TTournamentEntrantRef | null;
  /** The entrant sitting the round out with a bye (scored as a win), or going through by a walkover. */
  bye: TTournamentEntrantRef | null;
  /**
   * An elimination round's walkover: the entrant of the bracket who could not take part (may not take a seat now, or
   * withdrew), recorded in the bracket as their forfeit; their opponent (`bye`) goes through. Null otherwise.
   */
  walkoverFrom: TTournamentEntrantRef | null;
  flags: TDrawFlag[];
  /**
   * Public Forum: who won the draw's coin flip and chooses side or speaking order before the clock starts (aff and neg
   * hold until then); null in LD and Parli and for the bye.
   */
  coinFlipWinner: TTournamentEntrantRef | null;
  /** The room's coin flip as the debaters have chosen so far (`coinFlipText` says it); null without one. */
  coinFlip: TCoinFlip | null;
  debateStatus: TDebateStatus | null;
  /**
   * The judge seated at release (the assignment), or who took the seat since; null: no judge. `paradigm`: how they
   * judge (null: none, or a judge under 18), for signed-in viewers. A judge under 18 is named to outsiders as a minor
   * entrant is (`publicName`, no user id).
   */
  judge: { userId: string | null; displayName: string; paradigm: string | null } | null;
  /** The winner once the result is confirmed (the bye's entrant for a bye); null until then. */
  winnerEntrantId: number | null;
  /** A room judged by a panel: its judges in seat order (the chair, `judge`, first); empty: one judge. */
  panel: { userId: string | null; displayName: string }[];
  /**
   * For hosts: every debater seated in the round (a round of teams: each partner), side A's seats first, each with the
   * pairing side they debated on, their position (null on a side of one) and their points of record (null: none yet,
   * or a forfeit) — what a host's correction of a team round starts from. Empty for everyone else, for the bye, and
   * for a round without seat rows.
   */
  debaters: TTournamentPairingDebater[];
}

/** One debater of a pairing's round as its host reads it (`TTournamentPairing.debaters`). */
export interface TTournamentPairingDebater {
  userId: string;
  displayName: string;
  side: 'aff' | 'neg';
  /** The format's position id (`first`, `second`); null on a side of one. */
  position: string | null;
  /** Speaker points of record (28.5), the debater's own on a ballot that scored each one. */
  points: number | null;
}

/**
 * A British Parliamentary room of a tournament round: its four teams by position, its panel (the chair first) and,
 * once the chair's ballot is in, each team's place and points. `bracket`: the team points of the bracket it was drawn
 * in (0 in an elimination round).
 */
export interface TTournamentBpRoom {
  id: number;
  divisionId: number;
  debateId: number | null;
  bracket: number;
  teams: Record<TBpSide, TTournamentEntrantRef | null>;
  debateStatus: TDebateStatus | null;
  panel: { userId: string | null; displayName: string }[];
  /** Each team's result once the ballot is in (null until then). */
  results: Record<TBpSide, { rank: number; teamPoints: number; speakerPoints: number }> | null;
  /** The teams that forfeited the room, each with the place it takes; `{}` when none did. */
  forfeits: TBpForfeits;
  /**
   * For hosts: the room's eight speakers in speaking order with their points of record (null before the ballot, and
   * for a team that forfeited), where a correction of its result starts; empty for everyone else.
   */
  speakers: TTournamentBpSpeaker[];
}

/** One speaker of a BP room as its host reads it (`TTournamentBpRoom.speakers`). */
export interface TTournamentBpSpeaker {
  userId: string;
  displayName: string;
  position: TBpPosition;
  points: number | null;
}

export interface TTournamentRound {
  number: number;
  status: TTournamentRoundStatus;
  releasedAt: string | null;
  /** The host's motion for the round (Parli), the resolution of its rooms; null: none set. */
  motion: string | null;
  pairings: TTournamentPairing[];
  /** For hosts: the pairings (debates, not byes) with no judge, for want of an allowed judge; empty for others. */
  unjudgedPairingIds: number[];
  /** A British Parliamentary round's rooms of four teams (its `pairings` are empty); empty in the other formats. */
  bpRooms: TTournamentBpRoom[];
}
