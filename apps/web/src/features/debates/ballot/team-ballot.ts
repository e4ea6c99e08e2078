/**
 * The ballot form of a round of teams (issue 40): one points input per debater and, in Public Forum (and Policy), an
 * optional speaker rank each. The form's values become the request here and are checked by the rule the server
 * applies (`ballotPointsOf`), so a judge sees why before sending.
 */
import {
  ballotPointsOf,
  SPEAKER_RANK_FORMATS,
  type TDebate,
  type TPanelBallot,
  type TSideKey,
  type TSubmitBallotRequest,
} from '@resolved/shared';
import { seatsOfRound } from '../room/round-seats';

/** Whether the round seats teams (a side of two or three): its ballot scores each debater. */
export function isTeamRound(debate: Pick<TDebate, 'debaters' | 'seats'>): boolean {
  return seatsOfRound(debate).some((seat) => seat.position !== null);
}

/** Whether the format's ballot may rank the speakers. */
export function hasSpeakerRanks(debate: Pick<TDebate, 'formatId'>): boolean {
  return SPEAKER_RANK_FORMATS.includes(debate.formatId);
}

/**
 * The request for the form's values (points and ranks by user id, as typed; an empty rank is none), or why the rule
 * refuses it.
 */
export function teamBallotRequest(
  debate: Pick<TDebate, 'formatId' | 'debaters' | 'seats'>,
  values: {
    winnerSide: TSideKey;
    points: Readonly<Record<string, string>>;
    ranks: Readonly<Record<string, string>>;
    reason: string;
  },
): TSubmitBallotRequest | string {
  const seats = seatsOfRound(debate);
  const debaterPoints = seats.map((seat) => {
    const rank = values.ranks[seat.userId] ?? '';
    return {
      userId: seat.userId,
      points: Number(values.points[seat.userId] ?? ''),
      ...(rank === '' ? {} : { rank: Number(rank) }),
    };
  });
  const checked = ballotPointsOf(debate.formatId, seats, { debaterPoints });
  if (typeof checked === 'string') return checked;
  return { winnerSide: values.winnerSide, debaterPoints, reason: values.reason };
}

/**
 * One panel judge's points as their shown ballot lists them: each debater by name with their points (and rank) in a
 * round of teams, each side's one debater otherwise (or for a ballot that scored sides only).
 */
export function panelBallotLines(
  debate: Pick<TDebate, 'debaters' | 'seats'>,
  ballot: Pick<TPanelBallot, 'speakerPoints' | 'debaterPoints'>,
): { key: string; text: string }[] {
  if (isTeamRound(debate) && ballot.debaterPoints.length > 0) {
    const names = new Map(seatsOfRound(debate).map((seat) => [seat.userId, seat.displayName]));
    return ballot.debaterPoints.map((p) => ({
      key: p.userId,
      text: `${names.get(p.userId) ?? 'Former user'}: ${p.points.toFixed(1)}${p.rank === null ? '' : ` (rank ${p.rank})`}`,
    }));
  }
  return (['a', 'b'] as const).map((side) => ({
    key: side,
    text: `${debate.debaters[side].displayName}: ${ballot.speakerPoints[side].toFixed(1)}`,
  }));
}
