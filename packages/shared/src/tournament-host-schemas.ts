/**
 * A host's corrections to a running tournament: swapping a pairing's sides or judge before its debate starts,
 * re-pairing a round before any of its debates starts, and correcting a confirmed result with a reason. Every one is
 * written to the tournament's audit (`TTournamentAuditEntry`), which its hosts read.
 */
import { z } from 'zod';
import { ZBpRanks, ZBpSpeakerPoints } from './bp/ballot.js';
import { ZDebaterPointsInput, ZSpeakerPoints } from './debate/ballot-points.js';
import { zText } from './text.js';

/** What a host changed: each is one audit entry. */
export const TOURNAMENT_AUDIT_ACTIONS = [
  'sides_swapped',
  'judge_changed',
  'round_repaired',
  'result_corrected',
  'member_replaced',
] as const;
export type TTournamentAuditAction = (typeof TOURNAMENT_AUDIT_ACTIONS)[number];

export const TOURNAMENT_CORRECTION_REASON_MAX = 500;

const ZReason = zText('multiline', {
  label: 'The reason',
  max: TOURNAMENT_CORRECTION_REASON_MAX,
  required: 'Say why the result is corrected.',
});

/** A pairing's change before its debate starts: its sides swapped, and/or another judge of the pool (null: none). */
export const ZTournamentPairingChange = z
  .object({
    swapSides: z.boolean().optional(),
    judgeId: z.string().min(1, { error: 'Unknown judge.' }).max(100, { error: 'Unknown judge.' }).nullable().optional(),
  })
  .refine((change) => change.swapSides === true || change.judgeId !== undefined, {
    error: 'Say what to change: swap the sides, or name a judge.',
  });
export type TTournamentPairingChange = z.infer<typeof ZTournamentPairingChange>;

/**
 * A British Parliamentary room's change before its debate starts: another chair from the pool (null: none, only
 * when the room has no panel). The four teams' positions are the draw's balance: a host re-pairs the round instead.
 */
export const ZTournamentBpRoomChange = z.object({
  judgeId: z.string().min(1, { error: 'Unknown judge.' }).max(100, { error: 'Unknown judge.' }).nullable(),
});
export type TTournamentBpRoomChange = z.infer<typeof ZTournamentBpRoomChange>;

/** A corrected result: the winning side, the speaker points when the round has a ballot, and why (required). */
export const ZTournamentResultCorrection = z.object({
  winner: z.enum(['aff', 'neg'], { error: 'Choose the winning side: aff or neg.' }),
  speakerPoints: z.object({ aff: ZSpeakerPoints, neg: ZSpeakerPoints }).optional(),
  /**
   * A round of teams: every debater's points (each seat's, the partners' too; the ranks stay the judge's). The sides'
   * points follow as each side's first seat's, as a ballot's do. A one-on-one round may give either form.
   */
  debaterPoints: z
    .array(ZDebaterPointsInput.omit({ rank: true }))
    .min(2)
    .max(12)
    .optional(),
  reason: ZReason,
});
export type TTournamentResultCorrection = z.infer<typeof ZTournamentResultCorrection>;

/**
 * A judged British Parliamentary room's corrected result: the four teams ranked again and the eight speakers' points,
 * on the ballot's terms (`bpBallotResult`: no ties, every team, points on the scale, a low-point win confirmed), and
 * why (required). A team that forfeited keeps its place and may be left out, as on the chair's ballot.
 */
export const ZTournamentBpResultCorrection = z.object({
  ranks: ZBpRanks,
  speakerPoints: ZBpSpeakerPoints,
  isLowPointWinConfirmed: z.boolean().optional(),
  reason: ZReason,
});
export type TTournamentBpResultCorrection = z.infer<typeof ZTournamentBpResultCorrection>;

/**
 * A round's re-pair: the release the host saw (`releasedAt` of the round), so that two hosts asking at once re-draw
 * it once; why is optional (kept in the audit).
 */
export const ZTournamentRepairRequest = z.object({
  releasedAt: z.string({ error: 'Say which release of the round to re-pair.' }).min(1).max(40),
  reason: zText('multiline', { label: 'The reason', min: 0, max: TOURNAMENT_CORRECTION_REASON_MAX }).optional(),
});

/** One line of the audit: who changed what, when, from what to what, and why. */
export interface TTournamentAuditEntry {
  id: number;
  action: TTournamentAuditAction;
  roundNumber: number | null;
  debateId: number | null;
  actor: { userId: string; displayName: string } | null;
  reason: string | null;
  /** Plain words for each side of the change (`before` → `after`). */
  before: string;
  after: string;
  createdAt: string;
}
