/**
 * A tournament's schedule as the sequencer runs it: each round's start (a fixed schedule), the check-in before each
 * round, and when the next round releases itself. What the API accepts and answers.
 */
import { z } from 'zod';

/** Check-in opens this long before a fixed start, unless the server sets another (TOURNAMENT_CHECK_IN_MINUTES). */
export const TOURNAMENT_CHECK_IN_MINUTES_DEFAULT = 15;
/** After a round's start, this long to come into the room before a no-show (TOURNAMENT_GRACE_MINUTES). */
export const TOURNAMENT_GRACE_MINUTES_DEFAULT = 5;
/** `when_ballots_in`: the pause (and check-in) between the last ballot and the next draw (TOURNAMENT_ROUND_PAUSE_MINUTES). */
export const TOURNAMENT_ROUND_PAUSE_MINUTES_DEFAULT = 5;
/** Two no-shows withdraw an entrant (their history stays). */
export const TOURNAMENT_NO_SHOWS_TO_WITHDRAW = 2;
/** As `ROUNDS_MAX` (not imported: `tournament-schemas.ts` imports this file). */
const ROUNDS_MAX = 9;

const ZStartsAt = z.iso
  .datetime({ offset: true, error: 'Give each start as a date and time.' })
  .transform((value) => new Date(value).toISOString());

/**
 * Preliminary rounds' start times, round 1 first: each in the future and later than the one before. Checked with the
 * clock at the time of the request.
 */
export const ZRoundStartTimes = z
  .array(ZStartsAt)
  .min(1, 'Give at least round 1’s start.')
  .max(ROUNDS_MAX, `At most ${ROUNDS_MAX} start times.`)
  .superRefine((times, ctx) => {
    const now = Date.now();
    times.forEach((time, index) => {
      if (Date.parse(time) <= now) {
        ctx.addIssue({ code: 'custom', path: [index], message: `Round ${index + 1}’s start is in the past.` });
      } else if (index > 0 && Date.parse(time) <= Date.parse(times[index - 1]!)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `Round ${index + 1} must start after round ${index}.`,
        });
      }
    });
  });

/**
 * `PUT /api/tournaments/:id/schedule`: the start of each round from `fromRound` on (rounds not yet released; a
 * `when_ballots_in` tournament gives round 1's only).
 */
export const ZTournamentScheduleRequest = z.object({
  fromRound: z.coerce
    .number({ error: 'Unknown round.' })
    .int({ error: 'Unknown round.' })
    .min(1, { error: 'Unknown round.' })
    .max(ROUNDS_MAX, { error: 'Unknown round.' })
    .default(1),
  startsAt: ZRoundStartTimes,
});
export type TTournamentScheduleRequest = z.input<typeof ZTournamentScheduleRequest>;

/** One round as the schedule shows it. */
export interface TTournamentScheduleRound {
  number: number;
  status: 'draft' | 'released' | 'complete';
  /** The host's start (a fixed schedule), or null. */
  startsAt: string | null;
  /** When check-in opens for it (null: not known yet, the round before has results to come). */
  checkInOpensAt: string | null;
  /** When it releases itself, if known (a start reached; or the pause after the last ballot). */
  releasesAt: string | null;
  releasedAt: string | null;
  /** When the grace period ends (released rounds): an entrant or judge not in their room by then is replaced. */
  graceEndsAt: string | null;
  /** Why its automatic release was refused last (hosts only; retried). */
  releaseRefusal: string | null;
}

/** `GET /api/tournaments/:id/schedule`. */
export interface TTournamentSchedule {
  tournamentId: number;
  scheduleMode: 'fixed' | 'when_ballots_in';
  checkInMinutes: number;
  graceMinutes: number;
  pauseMinutes: number;
  rounds: TTournamentScheduleRound[];
  /** The round that checks in now (its window open and not yet drawn), or null. */
  checkInRound: number | null;
  /** Whether the caller checked in for `checkInRound`, and whether they can (an active entrant or a pool judge). */
  viewer: { isCheckedIn: boolean; canCheckIn: boolean };
  /** Hosts: who checked in for `checkInRound` (entrants and judges). Others: empty. */
  checkedIn: { userId: string; displayName: string; role: 'entrant' | 'judge' }[];
  /** Hosts: the active entrants who have not checked in for `checkInRound`. */
  notCheckedIn: { userId: string; displayName: string }[];
}

/** Told to the hosts (`tournament.release_delayed`): the automatic release of a round was refused and is retried. */
export interface TTournamentReleaseDelayed {
  tournamentId: number;
  roundNumber: number;
  reason: string;
  retryAt: string;
}

/**
 * Told to the hosts (`tournament.entrants_left_out`): entrants who may not take a seat now (a ban or a suspension,
 * never said) were left out of a round's draw, which was released without them (in an elimination round their
 * opponents go through by walkover).
 */
export interface TTournamentEntrantsLeftOut {
  tournamentId: number;
  tournamentName: string;
  roundNumber: number;
  roundName: string;
  displayNames: string[];
  /** An elimination round: their opponents went through by walkover (a preliminary round was drawn without them). */
  isWalkover: boolean;
}
