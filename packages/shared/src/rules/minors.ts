/**
 * Who a minor meets: the age bands two debaters must share, the judge a coach may seat in a minor's round, and
 * whether spectators see and hear its debaters. (Whether a round has a minor in it is `isMinorRound`, `age.ts`; who
 * may take the judge's seat of one is `mayJudgeMinors`, `judge.ts`.)
 */
import type { TRefusal } from '../errors.js';
import { ageBandsMayMeet, type TMeetingProfile } from '../debate/matchmaking.js';
import { isDebaterOf, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';
import type { TRoundRefusal, TRoundSeats } from './round.js';

/** A coach seating a judge who may not judge a round with a minor in it (`mayJudgeMinors`): names the judge. */
export function minorPairingJudgeRefusal(judgeName: string | null): TRoundRefusal | null {
  return judgeName === null ? null : refusalOf('minor_round_judge', judgeName);
}

/**
 * Accepting a challenge link: the two must be in the same age band (`ageBandsMayMeet`: minors with minors, adults
 * with adults) unless they share a team.
 */
export function ageBandRefusal(me: TMeetingProfile, them: TMeetingProfile): TRefusal | null {
  return ageBandsMayMeet(me, them) ? null : refusalOf('age_band');
}

/**
 * Whether spectators of a round see and hear its debaters (and see its evidence): in a round of adults unless a
 * debater turned it off; in a round with a minor only while every debater (partners too) lets spectators watch.
 * `watch` is each debater's toggle as stored, one per seat (null: not chosen, which reads as on for adults and off
 * with a minor).
 */
export function spectatorsMayWatch(round: { hasMinor: boolean; watch: readonly (boolean | null)[] }): boolean {
  return round.watch.every((toggle) => toggle ?? !round.hasMinor);
}

/** A spectator reaching for a round's audio, video or evidence while its debaters have not let spectators watch. */
export function spectatorWatchRefusal(isWatchAllowed: boolean): TRoundRefusal | null {
  return isWatchAllowed ? null : refusalOf('spectators_not_watching');
}

/** Turning "let spectators watch" on or off: each debater for themselves, while the round is on. */
export function watchToggleRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) return refusalOf('not_in_round', 'watch_toggle');
  if (round.status !== 'live' && round.status !== 'awaiting_ballot') return refusalOf('round_over');
  return null;
}
