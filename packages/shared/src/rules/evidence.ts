/** Who shares evidence into a round, who sees it, and who decides whether spectators do. */
import { isDebaterOf, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';
import { canPostInRound, type TRoundRefusal, type TRoundSeats } from './round.js';

/** Sharing evidence into a round: its debaters and judge, while the round is live or waits for its ballot. */
export function evidenceShareRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (canPostInRound(actor, round) && (round.status === 'live' || round.status === 'awaiting_ballot')) return null;
  return refusalOf('not_in_round', 'evidence_share');
}

export function canShareEvidence(actor: TActor, round: TRoundSeats): boolean {
  return evidenceShareRefusal(actor, round) === null;
}

/**
 * Seeing (and downloading) a round's evidence: its debaters and judge; signed-in spectators if the debaters allow.
 * (Once the round is over, the round's own view rule, `roundViewRefusal`, applies as well.)
 */
export function evidenceViewRefusal(actor: TActor, round: TRoundSeats, isPublic: boolean): TRoundRefusal | null {
  if (canPostInRound(actor, round) || (actor !== null && isPublic)) return null;
  return refusalOf('evidence_private');
}

export function canSeeEvidence(actor: TActor, round: TRoundSeats, isPublic: boolean): boolean {
  return evidenceViewRefusal(actor, round, isPublic) === null;
}

/** Letting spectators see the round's evidence (or no longer): its debaters. */
export function evidenceVisibilityRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return refusalOf('not_in_round', 'evidence_visibility');
}
