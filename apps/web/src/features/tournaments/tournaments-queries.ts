/** The tournaments feature's server calls and their TanStack Query keys. */
import type { TCreateTournamentRequest, TTournament, TTournamentEntrant, TTournamentRound } from '@resolved/shared';
import { api } from '../../lib/api';

export const tournamentKeys = {
  all: ['tournaments'] as const,
  mine: ['tournaments', 'mine'] as const,
  tournament: (id: number) => ['tournaments', id] as const,
  entrants: (id: number) => ['tournaments', id, 'entrants'] as const,
  rounds: (id: number) => ['tournaments', id, 'rounds'] as const,
};

export const listMyTournaments = async () =>
  (await api<{ tournaments: TTournament[] }>('/api/tournaments')).tournaments;

export const createTournament = async (input: TCreateTournamentRequest) =>
  (await api<{ tournament: TTournament }>('/api/tournaments', { method: 'POST', json: input })).tournament;

export const getTournament = async (id: number) =>
  (await api<{ tournament: TTournament }>(`/api/tournaments/${id}`)).tournament;

export const listEntrants = async (id: number) =>
  (await api<{ entrants: TTournamentEntrant[] }>(`/api/tournaments/${id}/entrants`)).entrants;

export const listRounds = async (id: number) =>
  (await api<{ rounds: TTournamentRound[] }>(`/api/tournaments/${id}/rounds`)).rounds;

export const joinByCode = async (code: string) =>
  api<{ tournament: TTournament; entrant: TTournamentEntrant }>(`/api/tournaments/join/${encodeURIComponent(code)}`, {
    method: 'POST',
    json: {},
  });

export const withdrawEntrant = async (id: number, entrantId: number) =>
  api<void>(`/api/tournaments/${id}/entrants/${entrantId}`, { method: 'DELETE' });

export const releaseRound = async (id: number, number: number) =>
  (await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/rounds/${number}/release`, { method: 'POST' })).round;
