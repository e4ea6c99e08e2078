/**
 * A host's correction of a confirmed result as the form builds it (`CorrectionForm.tsx`): the winner, the reason and,
 * for a judged round, the speaker points — both sides' in a one-on-one round, every debater's (each partner's) in a
 * round of teams, which the server requires there. Pure, so it is unit tested.
 */
import {
  FORMATS,
  SPEAKER_POINTS,
  type TFormatId,
  type TTournamentPairing,
  type TTournamentPairingDebater,
  type TTournamentResultCorrection,
} from '@resolved/shared';

/** Whether the pairing's round seats teams: the host reads each debater's seat, and a position says a side of several. */
export const isTeamPairing = (pairing: Pick<TTournamentPairing, 'debaters'>) =>
  pairing.debaters.some((debater) => debater.position !== null);

/** A debater's points field as it starts: their points of record ("28.5"), or empty without any. */
export function startingPoints(debaters: readonly TTournamentPairingDebater[]): Record<string, string> {
  return Object.fromEntries(debaters.map((d) => [d.userId, d.points === null ? '' : d.points.toFixed(1)]));
}

/** A debater's label in the form: "Ann Lee (Aff, First speaker)". */
export function debaterLabel(formatId: TFormatId, debater: TTournamentPairingDebater): string {
  const positions = FORMATS[formatId].sideList.flatMap((side) => side.positions);
  const position = positions.find((p) => p.id === debater.position)?.name ?? debater.position;
  return `${debater.displayName} (${debater.side === 'aff' ? 'Aff' : 'Neg'}${position ? `, ${position}` : ''})`;
}

/** Why one typed value is not speaker points, or null when it is. */
function pointsRefusal(value: number): string | null {
  if (!Number.isFinite(value) || value < SPEAKER_POINTS.min || value > SPEAKER_POINTS.max) {
    return `Speaker points must be between ${SPEAKER_POINTS.min} and ${SPEAKER_POINTS.max}.`;
  }
  if (Math.abs(value * 10 - Math.round(value * 10)) > 1e-6) return 'Speaker points go in tenths (for example 28.5).';
  return null;
}

/**
 * Both sides' points of a one-on-one round: null when both are left empty (the ballot's stay), else the two numbers,
 * or why not.
 */
export function correctionPoints(aff: string, neg: string): { aff: number; neg: number } | null | string {
  if (aff.trim() === '' && neg.trim() === '') return null;
  if (aff.trim() === '' || neg.trim() === '') return 'Give both sides’ points, or neither.';
  const values = [Number(aff), Number(neg)];
  for (const value of values) {
    const refusal = pointsRefusal(value);
    if (refusal) return refusal;
  }
  return { aff: values[0]!, neg: values[1]! };
}

/**
 * Every debater's points of a round of teams, as typed by user id: null when all are left empty (the ballot's stay),
 * else one entry per debater, side A's first, or why not (each debater is named).
 */
export function correctionDebaterPoints(
  debaters: readonly Pick<TTournamentPairingDebater, 'userId' | 'displayName'>[],
  typed: Readonly<Record<string, string>>,
): { userId: string; points: number }[] | null | string {
  const texts = debaters.map((d) => (typed[d.userId] ?? '').trim());
  if (texts.every((text) => text === '')) return null;
  const missing = debaters.filter((_, i) => texts[i] === '');
  if (missing.length > 0) {
    return `Give every debater’s points, or none: ${missing.map((d) => d.displayName).join(', ')} ${missing.length === 1 ? 'has' : 'have'} none.`;
  }
  const out: { userId: string; points: number }[] = [];
  for (const [i, debater] of debaters.entries()) {
    const points = Number(texts[i]);
    const refusal = pointsRefusal(points);
    if (refusal) return `${debater.displayName}: ${refusal}`;
    out.push({ userId: debater.userId, points });
  }
  return out;
}

/** The form's values. */
export interface TCorrectionValues {
  winner: 'aff' | 'neg' | '';
  affPoints: string;
  negPoints: string;
  /** A round of teams: each debater's points by user id. */
  debaterPoints: Readonly<Record<string, string>>;
  reason: string;
}

/**
 * The request for the form's values, or the form's errors. A judged round's points go as every debater's in a round of
 * teams and as both sides' otherwise; a forfeit (no ballot) sends its winner only.
 */
export function correctionRequest(
  pairing: Pick<TTournamentPairing, 'debaters' | 'debateStatus'>,
  values: TCorrectionValues,
): { request: TTournamentResultCorrection } | { errors: { winner?: string; points?: string; reason?: string } } {
  const hasBallot = pairing.debateStatus === 'judged';
  const points = !hasBallot
    ? null
    : isTeamPairing(pairing)
      ? correctionDebaterPoints(pairing.debaters, values.debaterPoints)
      : correctionPoints(values.affPoints, values.negPoints);
  const reason = values.reason.trim();
  const errors = {
    ...(values.winner === '' ? { winner: 'Choose who won.' } : {}),
    ...(typeof points === 'string' ? { points } : {}),
    ...(reason === '' ? { reason: 'Say why the result is corrected.' } : {}),
  };
  if (values.winner === '' || typeof points === 'string' || reason === '') return { errors };
  const request: TTournamentResultCorrection = { winner: values.winner, reason };
  if (Array.isArray(points)) request.debaterPoints = points;
  else if (points) request.speakerPoints = points;
  return { request };
}
