/**
 * A host's correction of a judged British Parliamentary room as its form builds it (`BpCorrectionForm.tsx`): each
 * team's place and each speaker's points, starting from the room's result of record, checked by the rule the chair's
 * ballot and the server both apply (`bpBallotResult`, with the room's forfeits: no ties, every team, points on the
 * scale, a low-point win confirmed), and the reason. Pure, so it is unit tested.
 */
import {
  BP_SIDE_OF,
  BP_SIDES,
  bpBallotResult,
  type TBpSide,
  type TTournamentBpResultCorrection,
  type TTournamentBpRoom,
  type TTournamentBpSpeaker,
} from '@resolved/shared';
import { bpBallotRequestOf } from '../debates/ballot/bp-ballot-request';

/** The form's values: places by team ("1"–"4"), points by speaker's user id, as typed. */
export interface TBpCorrectionValues {
  ranks: Record<TBpSide, string>;
  points: Record<string, string>;
  isLowPointWinConfirmed: boolean;
  reason: string;
}

/** A room's four teams in BP order, each with its two speakers in speaking order (the host's view of the room). */
export function bpCorrectionTeams(
  room: Pick<TTournamentBpRoom, 'speakers'>,
): { team: TBpSide; seats: TTournamentBpSpeaker[] }[] {
  return BP_SIDES.map((team) => ({
    team,
    seats: room.speakers.filter((speaker) => BP_SIDE_OF[speaker.position] === team),
  }));
}

/** The form as it starts: the room's places and points of record (a team that forfeited: none). */
export function bpCorrectionStart(room: Pick<TTournamentBpRoom, 'results' | 'speakers'>): TBpCorrectionValues {
  const rank = (side: TBpSide) => (room.results ? String(room.results[side].rank) : '');
  return {
    ranks: { og: rank('og'), oo: rank('oo'), cg: rank('cg'), co: rank('co') },
    points: Object.fromEntries(room.speakers.map((s) => [s.userId, s.points === null ? '' : String(s.points)])),
    isLowPointWinConfirmed: false,
    reason: '',
  };
}

/** The ballot the values make, as the rule reads it (the teams that forfeited left out: they keep their places). */
function ballotOf(room: Pick<TTournamentBpRoom, 'speakers' | 'forfeits'>, values: TBpCorrectionValues) {
  return bpBallotRequestOf(bpCorrectionTeams(room), values, room.forfeits);
}

/** Whether the places entered put a team above one with as many speaker points or more (to confirm, or change). */
export function isBpCorrectionLowPointWin(
  room: Pick<TTournamentBpRoom, 'speakers' | 'forfeits'>,
  values: TBpCorrectionValues,
): boolean {
  const check = bpBallotResult({ ...ballotOf(room, values), isLowPointWinConfirmed: true }, undefined, room.forfeits);
  return typeof check !== 'string' && check.isLowPointWin;
}

/** The request for the form's values, or its errors: the ballot's refusal (`result`) and a missing reason. */
export function bpCorrectionRequest(
  room: Pick<TTournamentBpRoom, 'speakers' | 'forfeits'>,
  values: TBpCorrectionValues,
): { request: TTournamentBpResultCorrection } | { errors: { result?: string; reason?: string } } {
  const ballot = ballotOf(room, values);
  const checked = bpBallotResult(
    { ...ballot, isLowPointWinConfirmed: values.isLowPointWinConfirmed },
    undefined,
    room.forfeits,
  );
  const reason = values.reason.trim();
  const errors = {
    ...(typeof checked === 'string' ? { result: checked } : {}),
    ...(reason === '' ? { reason: 'Say why the result is corrected.' } : {}),
  };
  if (typeof checked === 'string' || reason === '') return { errors };
  return {
    // The rule has checked every entry: each team still in the room placed, each of its speakers scored.
    request: {
      ranks: ballot.ranks as TTournamentBpResultCorrection['ranks'],
      speakerPoints: ballot.speakerPoints as TTournamentBpResultCorrection['speakerPoints'],
      isLowPointWinConfirmed: values.isLowPointWinConfirmed,
      reason,
    },
  };
}
