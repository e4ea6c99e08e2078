/** A round's recordings: consent, recording, playing them back and deleting them. */
import { isDebaterOf, liveDebaterRefusal, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';
import { canPostInRound, type TRoundRefusal, type TRoundSeats } from './round.js';

/** Agreeing (or no longer agreeing) to record the round: each debater for themselves, while the round is live. */
export function recordingConsentRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  return liveDebaterRefusal(actor, round, 'recording_consent');
}

/**
 * A debater's browser starting its recording: a live round whose every debater (partners too) has agreed; `consent`
 * is each debater's, one per seat.
 */
export function recordingStartRefusal(
  actor: TActor,
  round: TRoundSeats & { consent: readonly boolean[] },
): TRoundRefusal | null {
  const refusal = liveDebaterRefusal(actor, round, 'recording_start');
  if (refusal || (round.consent.length > 0 && round.consent.every(Boolean))) return refusal;
  return refusalOf('no_recording_consent');
}

/** Playing a round's recordings: its debaters and judge. */
export function recordingViewRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  return canPostInRound(actor, round) ? null : refusalOf('not_in_round', 'recording_view');
}

/** A round's recordings are deleted (both sides' at once) by its debaters only: the judge watches them, no more. */
export function recordingDeleteRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return refusalOf('not_in_round', 'recording_delete');
}

export function canDeleteRecordings(actor: TActor, round: TRoundSeats): boolean {
  return recordingDeleteRefusal(actor, round) === null;
}
