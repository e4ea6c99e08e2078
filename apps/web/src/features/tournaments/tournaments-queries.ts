/** The tournaments feature's server calls and their TanStack Query keys. */
import type { QueryClient } from '@tanstack/react-query';
import { TOURNAMENT_PARTS } from '@resolved/shared';
import type {
  TCreateTournamentRequest,
  TEnterTournamentRequest,
  TAddTeamJudgeRequest,
  TJudgeObligations,
  TJudgesOwed,
  TPoolParadigm,
  TTeamJudges,
  TTournamentJudge,
  TTournament,
  TTournamentMotion,
  TTournamentBrackets,
  TTournamentEntrant,
  TTournamentRoomTag,
  TTournamentRound,
  TTournamentStandings,
  TTournamentSchedule,
  TTournamentScheduleRequest,
  TTournamentPart,
} from '@resolved/shared';
import { api } from '../../lib/api';

export const tournamentKeys = {
  all: ['tournaments'] as const,
  mine: ['tournaments', 'mine'] as const,
  tournament: (id: number) => ['tournaments', id] as const,
  entrants: (id: number) => ['tournaments', id, 'entrants'] as const,
  rounds: (id: number) => ['tournaments', id, 'rounds'] as const,
  standings: (id: number) => ['tournaments', id, 'standings'] as const,
  bracket: (id: number) => ['tournaments', id, 'bracket'] as const,
  roomTag: (debateId: number) => ['tournaments', 'room-tag', debateId] as const,
};

export const listMyTournaments = async () =>
  (await api<{ tournaments: TTournament[] }>('/api/tournaments')).tournaments;

export const createTournament = async (input: TCreateTournamentRequest) =>
  (await api<{ tournament: TTournament }>('/api/tournaments', { method: 'POST', json: input })).tournament;

/** What a tournament round's room says of its tournament and round (null for someone who may not see it). */
export const getRoomTag = async (debateId: number) =>
  (await api<{ tag: TTournamentRoomTag | null }>(`/api/debates/${debateId}/tournament`)).tag;

export const getTournament = async (id: number) =>
  (await api<{ tournament: TTournament }>(`/api/tournaments/${id}`)).tournament;

export const listEntrants = async (id: number) =>
  (await api<{ entrants: TTournamentEntrant[] }>(`/api/tournaments/${id}/entrants`)).entrants;

export const listRounds = async (id: number) =>
  (await api<{ rounds: TTournamentRound[] }>(`/api/tournaments/${id}/rounds`)).rounds;

export const getStandings = async (id: number) =>
  (await api<{ standings: TTournamentStandings }>(`/api/tournaments/${id}/standings`)).standings;

export const getBrackets = async (id: number) =>
  (await api<{ bracket: TTournamentBrackets }>(`/api/tournaments/${id}/bracket`)).bracket;

export const publishResults = async (id: number) =>
  (await api<{ tournament: TTournament }>(`/api/tournaments/${id}/publish`, { method: 'POST' })).tournament;

/** Enters a tournament by its join code; a tournament of teams takes the partners (`partnerIds`) too. */
export const joinByCode = async (code: string, input: TEnterTournamentRequest = {}) =>
  api<{ tournament: TTournament; entrant: TTournamentEntrant }>(`/api/tournaments/join/${encodeURIComponent(code)}`, {
    method: 'POST',
    json: input,
  });

/** A partner named in a team confirms it (the team is drawn once every member has). */
export const confirmTeam = async (id: number, entrantId: number) =>
  api<void>(`/api/tournaments/${id}/entrants/${entrantId}/confirm`, { method: 'POST' });

/** A host replaces a team's member `userId` with `toUserId` (audited). */
export const replaceMember = async (id: number, entrantId: number, userId: string, toUserId: string) =>
  api<void>(`/api/tournaments/${id}/entrants/${entrantId}/members/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    json: { userId: toUserId },
  });

export const withdrawEntrant = async (id: number, entrantId: number) =>
  api<void>(`/api/tournaments/${id}/entrants/${entrantId}`, { method: 'DELETE' });

export const releaseRound = async (id: number, number: number) =>
  (await api<{ round: TTournamentRound }>(`/api/tournaments/${id}/rounds/${number}/release`, { method: 'POST' })).round;

/** Enters an open tournament, or one of the caller's teams' (one entered by code takes `joinByCode`). */
export const enterTournament = async (id: number, input: TEnterTournamentRequest) =>
  api<{ tournament: TTournament; entrant: TTournamentEntrant }>(`/api/tournaments/${id}/entrants`, {
    method: 'POST',
    json: input,
  });

/**
 * Refreshes one tournament after a change: its own record first, then its entrants and rounds and the lists. In that
 * order because what the viewer may read follows the record (an entrant who withdrew no longer sees the draw): the
 * entrants and rounds queries read the fresh record before they ask (`readIfVisible`), and ask nothing the server
 * would refuse.
 */
export async function refreshTournament(client: QueryClient, id: number): Promise<void> {
  await client.invalidateQueries({ queryKey: tournamentKeys.tournament(id), exact: true });
  await client.invalidateQueries({
    queryKey: tournamentKeys.all,
    predicate: ({ queryKey }) =>
      queryKey[1] === 'mine' || queryKey[1] === 'judges-owed' || (queryKey[1] === id && queryKey.length > 2),
  });
}

/** The queries under a tournament's key (`['tournaments', id, <name>]`) that read each part of it. */
const PART_QUERIES: Record<TTournamentPart, readonly string[]> = {
  // The record itself is refreshed first (below).
  tournament: [],
  entrants: ['entrants'],
  rounds: ['rounds'],
  // Some pairings' results: the pages that show every pairing read the rounds (below), the hosts their corrections.
  results: ['audit'],
  tab: ['standings', 'bracket'],
  schedule: ['schedule'],
  judges: ['judges', 'paradigms', 'judge-obligations', 'motions', 'team-judges'],
};

/**
 * What `tournament.changed` refetches: this tournament's queries that read the `parts` it names (all of them, after a
 * reconnection), its record first when named, in `refreshTournament`'s order; not the lists of the viewer's
 * tournaments: one ballot must not make every open page read every tournament of its person. A ballot names the tab
 * and the results: a page that shows every pairing reads the rounds, an entrant's or a judge's reads only the tab (it
 * is told in its own room when its own pairing changes), and a page sent the tab itself (`isTabPushed`) reads
 * neither.
 */
export async function refreshTournamentPages(
  client: QueryClient,
  id: number,
  parts: readonly TTournamentPart[] = TOURNAMENT_PARTS,
  isTabPushed = false,
): Promise<void> {
  if (parts.includes('tournament')) {
    await client.invalidateQueries({ queryKey: tournamentKeys.tournament(id), exact: true });
  }
  const names = new Set(parts.flatMap((part) => PART_QUERIES[part]));
  const record = client.getQueryData<TTournament>(tournamentKeys.tournament(id));
  const seesEveryPairing = record && (record.viewer.isHost || record.viewer.isCohost || record.publishedAt !== null);
  if (parts.includes('results') && seesEveryPairing) names.add('rounds');
  if (isTabPushed) names.delete('standings');
  if (names.size === 0) return;
  await client.invalidateQueries({
    queryKey: tournamentKeys.tournament(id),
    predicate: ({ queryKey }) => queryKey.length > 2 && names.has(String(queryKey[2])),
  });
}

/**
 * Fetches a part of a tournament (its entrants or rounds) only while its cached record says the viewer may see it,
 * else gives `empty`: a refetch racing a change of the viewer's part (a withdrawal) does not ask for what the server
 * now refuses.
 */
export async function readIfVisible<T>(
  client: QueryClient,
  id: number,
  isVisible: (tournament: TTournament) => boolean,
  read: () => Promise<T>,
  empty: T,
): Promise<T> {
  const state = client.getQueryState<TTournament>(tournamentKeys.tournament(id));
  if (!state?.data || state.status === 'error' || !isVisible(state.data)) return empty;
  return read();
}

export const judgingKeys = {
  paradigms: (id: number) => ['tournaments', id, 'paradigms'] as const,
  obligations: (id: number) => ['tournaments', id, 'judge-obligations'] as const,
  motions: (id: number) => ['tournaments', id, 'motions'] as const,
  teamJudges: (id: number) => ['tournaments', id, 'team-judges'] as const,
  /** Every tournament's judges the viewer's coached teams still owe (the dashboard's card). */
  owed: ['tournaments', 'judges-owed'] as const,
};

export const listTeamJudges = async (id: number) =>
  (await api<{ teams: TTeamJudges[] }>(`/api/tournaments/${id}/team-judges`)).teams;

export const addTeamJudge = async (id: number, input: TAddTeamJudgeRequest) =>
  (await api<{ teams: TTeamJudges[] }>(`/api/tournaments/${id}/team-judges`, { method: 'POST', json: input })).teams;

export const removeTeamJudge = async (id: number, userId: string) =>
  api<void>(`/api/tournaments/${id}/team-judges/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const listJudgesOwed = async () => (await api<{ owed: TJudgesOwed[] }>('/api/tournaments/judges-owed')).owed;

/** A judge of the pool says whether they can judge round `number` (a preliminary or an elimination round). */
export const setAvailability = async (id: number, number: number, isAvailable: boolean) =>
  (
    await api<{ judge: TTournamentJudge }>(`/api/tournaments/${id}/rounds/${number}/availability`, {
      method: 'PUT',
      json: { isAvailable },
    })
  ).judge;

export const listPoolParadigms = async (id: number) =>
  (await api<{ judges: TPoolParadigm[] }>(`/api/tournaments/${id}/paradigms`)).judges;

export const listJudgeObligations = async (id: number) =>
  (await api<{ obligations: TJudgeObligations }>(`/api/tournaments/${id}/judge-obligations`)).obligations;

export const setJudgeObligation = async (id: number, entrantsPerJudge: number | null) =>
  (
    await api<{ tournament: TTournament }>(`/api/tournaments/${id}/judge-obligation`, {
      method: 'PUT',
      json: { entrantsPerJudge },
    })
  ).tournament;

export const listMotions = async (id: number) =>
  (await api<{ motions: TTournamentMotion[] }>(`/api/tournaments/${id}/motions`)).motions;

export const setMotion = async (id: number, number: number, motion: string) =>
  (
    await api<{ motion: TTournamentMotion }>(`/api/tournaments/${id}/rounds/${number}/motion`, {
      method: 'PUT',
      json: { motion },
    })
  ).motion;
export const scheduleKey = (id: number) => ['tournaments', id, 'schedule'] as const;

export const getSchedule = async (id: number) =>
  (await api<{ schedule: TTournamentSchedule }>(`/api/tournaments/${id}/schedule`)).schedule;

export const checkIn = async (id: number) =>
  (await api<{ schedule: TTournamentSchedule }>(`/api/tournaments/${id}/check-in`, { method: 'POST' })).schedule;

export const setSchedule = async (id: number, input: TTournamentScheduleRequest) =>
  (await api<{ schedule: TTournamentSchedule }>(`/api/tournaments/${id}/schedule`, { method: 'PUT', json: input }))
    .schedule;
