/** A host's corrections (sides, judge, re-pair, results), the judge pool and the audit: server calls and keys. */
import type {
  TTournamentAuditEntry,
  TTournamentBpRoomChange,
  TTournamentBpResultCorrection,
  TTournamentJudge,
  TTournamentPairingChange,
  TTournamentResultCorrection,
  TTournamentRound,
} from '@resolved/shared';
import { api } from '../../lib/api';

export const tournamentHostKeys = {
  judges: (id: number) => ['tournaments', id, 'judges'] as const,
  audit: (id: number) => ['tournaments', id, 'audit'] as const,
};

export const listJudges = async (id: number) =>
  (await api<{ judges: TTournamentJudge[] }>(`/api/tournaments/${id}/judges`)).judges;

export const listAudit = async (id: number) =>
  (await api<{ audit: TTournamentAuditEntry[] }>(`/api/tournaments/${id}/audit`)).audit;

export const changePairing = async (id: number, pairingId: number, change: TTournamentPairingChange) =>
  (
    await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/pairings/${pairingId}`, {
      method: 'PATCH',
      json: change,
    })
  ).round;

/** A British Parliamentary room's change before it starts: another chair (null: none). */
export const changeBpRoom = async (id: number, roomId: number, change: TTournamentBpRoomChange) =>
  (
    await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/bp-rooms/${roomId}`, {
      method: 'PATCH',
      json: change,
    })
  ).round;

export const repairRound = async (id: number, number: number, releasedAt: string) =>
  (
    await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/rounds/${number}/repair`, {
      method: 'POST',
      json: { releasedAt },
    })
  ).round;

export const correctResult = async (id: number, pairingId: number, correction: TTournamentResultCorrection) =>
  (
    await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/pairings/${pairingId}/corrections`, {
      method: 'POST',
      json: correction,
    })
  ).round;

/** A judged British Parliamentary room's result, corrected: its places, its speakers' points and why. */
export const correctBpResult = async (id: number, roomId: number, correction: TTournamentBpResultCorrection) =>
  (
    await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/bp-rooms/${roomId}/corrections`, {
      method: 'POST',
      json: correction,
    })
  ).round;
