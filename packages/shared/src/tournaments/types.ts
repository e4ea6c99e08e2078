/**
 * The tournament's pure core reads plain objects the server builds from its rows: the entrants of one division, the
 * rounds already played with their confirmed results, and a seed. Nothing here knows a database or a clock.
 */
import type { TFormatId } from '../formats.js';

/** Aff (LD's Affirmative, PF's Pro, Parli's Government) or neg (Negative, Con, Opposition). */
export type TSide = 'aff' | 'neg';

/** An entrant of one division as the draw reads them. */
export interface TEntrant {
  id: string;
  /** The team they entered for; null: entered on their own. Two entrants of one team meet only when unavoidable. */
  teamId: number | null;
  /** Their rating when the draw is made: seeds round 1 when the host asks for a seeded first round. */
  rating: number;
  /** Under 18, or no age given (`isMinorRound`): meets an adult only when both entered for the same team. */
  isMinor: boolean;
}

/** A confirmed debate of a round and its result. */
export interface TDebateResult {
  aff: string;
  neg: string;
  winner: TSide;
  /**
   * Each side's speaker points; null when none were given (a forfeit). A winner without points scores their
   * average, as for a bye; a loser without points scores 0.
   */
  affPoints: number | null;
  negPoints: number | null;
}

/** A finished round: its debates and who sat it out with a bye (the draw's one, and any late entrant's). */
export interface TRoundRecord {
  debates: readonly TDebateResult[];
  byes: readonly string[];
}

/** Why a drawn debate is marked for the host: the draw could not avoid it (see `drawRound`). */
/** `walkover_corrected`: a host put the entrant who could not take part through instead (not a draw's flag). */
export type TDrawFlag = 'rematch' | 'same_team' | 'side_imbalance' | 'walkover_corrected';

/** A debate of a new draw. */
export interface TDrawnDebate {
  aff: string;
  neg: string;
  flags: TDrawFlag[];
  /** The wins of the bracket it was drawn in (an entrant pulled up into it has one fewer or less). */
  bracket: number;
  /**
   * Public Forum: who won the draw's coin flip and chooses side or speaking order before the clock starts; `aff`
   * and `neg` hold until that choice is recorded (`applyCoinFlipChoice`). Null in LD and Parli.
   */
  coinFlipWinner: string | null;
}

/** How round 1 is paired: at random, or by rating (high against low, 1 v N). */
export type TFirstRoundSeeding = 'random' | 'rating';

export interface TDrawInput {
  format: TFormatId;
  /** The division's active entrants (withdrawn ones left out; their past debates stay in `rounds`). */
  entrants: readonly TEntrant[];
  /** Every earlier preliminary round of this division, in order, from confirmed results only. */
  rounds: readonly TRoundRecord[];
  /** Makes the draw reproducible: the same inputs and seed give the same draw. */
  seed: string;
  firstRound?: TFirstRoundSeeding;
  /**
   * Pairs of entrants who must never meet (one blocked the other), either way round; a pair naming someone outside
   * the field is ignored. The draw avoids every one, or throws `TDrawBlockedError` when no draw of the field can.
   */
  avoid?: readonly (readonly [string, string])[];
}

export interface TDraw {
  /** 1-based: `rounds.length + 1`. */
  roundNumber: number;
  debates: TDrawnDebate[];
  /** The one entrant who sits this round out, scored as a win: only when the field is odd. */
  bye: string | null;
  /** Entrants drawn into a bracket above their own (fewer wins than their opponent's bracket). */
  pullUps: string[];
}
