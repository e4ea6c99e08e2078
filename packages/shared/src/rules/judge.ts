/** The judge's seat of a round, a debater's invitation to it, and the ballot. */
import type { TAgeBand } from '../age.js';
import { isDebaterOf, isStaff, type TActor } from './actor.js';
import { refusalOf } from './refusals.js';
import type { TRoundRefusal, TRoundSeats } from './round.js';

/** The parts of the signed-in user the judge's seat of a round with a minor reads (the door's `TSessionUser`). */
export type TJudgeActor =
  (NonNullable<TActor> & { ageBand?: TAgeBand | undefined; isVerifiedJudge?: boolean | undefined }) | null;

/**
 * Taking the judge's seat: anyone signed in who is not a debater, while the round is live and the seat free and not
 * kept for an invited judge; with the invitation (`invite: 'valid'`), also after the last speech while the round
 * waits for that judge's ballot. The judge already seated is not refused (taking the seat again changes nothing). A
 * tournament's round is judged by whom its hosts seat: nobody else takes the seat.
 */
export function judgeRefusal(
  actor: TJudgeActor,
  round: TRoundSeats,
  invite: 'none' | 'valid' | 'invalid' = 'none',
): TRoundRefusal | null {
  if (!actor) return refusalOf('not_in_round', 'judge');
  if (isDebaterOf(actor.id, round)) return refusalOf('debater_cannot_judge');
  if (round.judgeId === actor.id) return null;
  if (round.teamJudgeIds && !round.teamJudgeIds.includes(actor.id)) return refusalOf('not_team_judge');
  if (round.isTournamentRound) return refusalOf('tournament_judge');
  // An invitation does not open the seat of a minor's round to anyone else: a debater cannot vouch for a stranger.
  if (round.hasMinor && !mayJudgeMinors(actor, round)) return refusalOf('minor_round_judge', null);
  const isOpen = round.status === 'live' || (round.status === 'awaiting_ballot' && round.judgeId === null);
  if (!isOpen) return refusalOf('round_over');
  if (round.judgeId !== null) return refusalOf('judge_taken');
  if (round.hasJudgeInvite && invite !== 'valid') {
    return refusalOf(invite === 'invalid' ? 'judge_invite_invalid' : 'judge_invited');
  }
  if (!round.hasJudgeInvite && round.status !== 'live') return refusalOf('round_over');
  return null;
}

/**
 * Who may sit in the judge's seat of a round with a debater under 18: a minor, a coach of a team either debater
 * belongs to, a moderator or admin, or a judge an admin verified.
 */
export function mayJudgeMinors(actor: NonNullable<TJudgeActor>, round: TRoundSeats): boolean {
  return (
    actor.ageBand === 'minor' ||
    isStaff(actor) ||
    actor.isVerifiedJudge === true ||
    (round.minorRoundCoachIds ?? []).includes(actor.id)
  );
}

/** Whether `actor` may take (or already holds) the judge's seat; see `judgeRefusal`. */
export function canJudge(
  actor: TJudgeActor,
  round: TRoundSeats,
  invite: 'none' | 'valid' | 'invalid' = 'none',
): boolean {
  return judgeRefusal(actor, round, invite) === null;
}

/**
 * A debater's judge invitation (a link that keeps the seat for its holder): only in a round open to any judge, so
 * never in a team's practice round (its coaches and named judges judge it), and only while the round is live and
 * its seat is free. Nor in a tournament's round: its hosts seat the judge.
 */
export function judgeInviteRefusal(actor: TActor, round: TRoundSeats & { isTeamRound: boolean }): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) return refusalOf('not_in_round', 'judge_invite');
  if (round.isTeamRound) return refusalOf('not_team_judge');
  if (round.isTournamentRound) return refusalOf('tournament_judge');
  if (round.status !== 'live') return refusalOf('round_over');
  if (round.judgeId !== null) return refusalOf('judge_taken');
  return null;
}

/** A ballot: only the round's judge, and only between the last speech and the decision. */
export function ballotRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor || round.judgeId !== actor.id) return refusalOf('not_in_round', 'ballot');
  if (round.status === 'live') return refusalOf('ballot_not_open');
  if (round.status !== 'awaiting_ballot') return refusalOf('already_decided');
  return null;
}

export function canSubmitBallot(actor: TActor, round: TRoundSeats): boolean {
  return ballotRefusal(actor, round) === null;
}

/** The wings a British Parliamentary practice room's panel seats beside its chair (a panel of three). */
export const BP_PRACTICE_WINGS_MAX = 2;

/**
 * Taking a wing's seat on a British Parliamentary practice room's panel, once its chair (the judge's seat) is taken:
 * the judge's seat's rules (not a debater, a team's round only for its judges, a minor's room only for whom the safety
 * rules allow, a tournament's round only for whom its hosts seat) while the round is live and a wing's seat is free. A
 * judge already on the panel is not refused. The chair alone gives the panel's ballot (`bpBallotSubmitterRefusal`).
 */
export function bpWingRefusal(actor: TJudgeActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor) return refusalOf('not_in_round', 'judge');
  if (isDebaterOf(actor.id, round)) return refusalOf('debater_cannot_judge');
  if (round.judgeId === actor.id || (round.panelJudgeIds ?? []).includes(actor.id)) return null;
  if (round.teamJudgeIds && !round.teamJudgeIds.includes(actor.id)) return refusalOf('not_team_judge');
  if (round.isTournamentRound) return refusalOf('tournament_judge');
  if (round.hasMinor && !mayJudgeMinors(actor, round)) return refusalOf('minor_round_judge', null);
  if (round.status !== 'live') return refusalOf('round_over');
  const wings = (round.panelJudgeIds ?? []).filter((id) => id !== round.judgeId);
  if (wings.length >= BP_PRACTICE_WINGS_MAX) return refusalOf('panel_full');
  return null;
}
