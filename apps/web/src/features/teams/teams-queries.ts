/** The teams feature's server calls and their TanStack Query keys. */
import type {
  TCreateTeamRequest,
  TDebaterProgress,
  TJoinTeamResponse,
  TPairRoundsRequest,
  TTeam,
  TTeamOutsideView,
  TTeamRole,
  TTeamRound,
  TTeamSummary,
} from '@resolved/shared';
import { api } from '../../lib/api';

export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
  team: (id: number) => ['teams', id] as const,
  rounds: (id: number) => ['teams', id, 'rounds'] as const,
  progress: (id: number, userId: string) => ['teams', id, 'progress', userId] as const,
  openRounds: ['teams', 'rounds', 'mine'] as const,
  myProgress: ['debates', 'progress'] as const,
  join: (code: string) => ['teams', 'join', code] as const,
};

export const listMyTeams = async () => (await api<{ teams: TTeamSummary[] }>('/api/teams')).teams;

export const createTeam = async (input: TCreateTeamRequest) =>
  (await api<{ team: TTeam }>('/api/teams', { method: 'POST', json: input })).team;

export const getTeam = async (id: number) => (await api<{ team: TTeam | TTeamOutsideView }>(`/api/teams/${id}`)).team;

export const updateTeam = async (id: number, input: TCreateTeamRequest) =>
  (await api<{ team: TTeam }>(`/api/teams/${id}`, { method: 'PUT', json: input })).team;

export const setJoinCode = async (id: number, enabled: boolean) =>
  (await api<{ team: TTeam }>(`/api/teams/${id}/join-code`, { method: 'POST', json: { enabled } })).team;

export const setJoinApproval = async (id: number, isRequired: boolean) =>
  (await api<{ team: TTeam }>(`/api/teams/${id}/join-approval`, { method: 'PUT', json: { isRequired } })).team;

/** A coach approves (or declines) someone waiting to join. */
export const answerJoin = async (id: number, userId: string, answer: 'approve' | 'decline') =>
  (
    await api<{ team: TTeam }>(`/api/teams/${id}/members/${encodeURIComponent(userId)}/${answer}`, {
      method: 'POST',
    })
  ).team;

export const updateMember = async (id: number, userId: string, change: { role?: TTeamRole; isJudge?: boolean }) =>
  (
    await api<{ team: TTeam }>(`/api/teams/${id}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      json: change,
    })
  ).team;

export const removeMember = async (id: number, userId: string) =>
  api<void>(`/api/teams/${id}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const listTeamRounds = async (id: number) =>
  (await api<{ rounds: TTeamRound[] }>(`/api/teams/${id}/rounds`)).rounds;

export const pairRounds = async (id: number, request: TPairRoundsRequest) =>
  (await api<{ rounds: TTeamRound[] }>(`/api/teams/${id}/rounds`, { method: 'POST', json: request })).rounds;

export const cancelRound = async (id: number, debateId: number) =>
  api<void>(`/api/teams/${id}/rounds/${debateId}`, { method: 'DELETE' });

export const getMemberProgress = async (id: number, userId: string) =>
  (await api<{ progress: TDebaterProgress }>(`/api/teams/${id}/members/${encodeURIComponent(userId)}/progress`))
    .progress;

export const getMyProgress = async () => (await api<{ progress: TDebaterProgress }>('/api/debates/progress')).progress;

export const listMyOpenRounds = async () => (await api<{ rounds: TTeamRound[] }>('/api/teams/rounds/mine')).rounds;

export const previewJoin = async (code: string) =>
  (await api<{ team: { id: number; name: string; school: string } }>(`/api/teams/join/${encodeURIComponent(code)}`))
    .team;

export const joinTeam = async (code: string) =>
  api<TJoinTeamResponse>(`/api/teams/join/${encodeURIComponent(code)}`, { method: 'POST' });

/** The toast after joining by code or link: joined, already on the team, or waiting for the coach. */
export function joinedMessage({ teamName, isNewMember, isPending }: TJoinTeamResponse): string {
  if (isPending) return `You asked to join ${teamName}. Your coach approves new members.`;
  return isNewMember ? `You joined ${teamName}.` : `You are already on ${teamName}.`;
}

/** The link a coach shares: opening it (signed in or after signing up) joins the team. */
export const joinLink = (code: string) => `${window.location.origin}/teams/join/${code}`;
