/**
 * The debates feature's HTTP calls and their TanStack Query keys: the queue and challenges, the live list and
 * history, ratings, and a round's judge seat, meeting link and ballot. (The live room itself goes over the socket:
 * see room/useDebateRoom.)
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TTeamFlow,
  TTeamFlowCellEdit,
  TTeamFlowChange,
  TCoinFlipPick,
  TChallengeMode,
  TCreateChallengeInput,
  TDebate,
  TDebateParticipant,
  TDebateSummary,
  TFormatId,
  THistoryResponse,
  TJoinQueueResult,
  TQueueStatus,
  TRatingSummary,
  TSubmitBallotRequest,
  TBpBallotRequest,
  TEvidence,
  TEvidenceNote,
  TFlow,
  TFlowColumns,
  TReplay,
  TRecording,
  TMediaCheckServers,
} from '@resolved/shared';
import { api } from '../../lib/api';

/** Every debates query: refetched when a round is decided. */
export const debatesKey = ['debates'] as const;
export const queueKey = ['debates', 'queue'] as const;

// The queue and challenges.

export const queueStatusQuery = queryOptions({
  queryKey: queueKey,
  // Aborted on sign-out (see AuthProvider): a status asked on connect must not come back refused after it.
  queryFn: ({ signal }) => api<{ queue: TQueueStatus }>('/api/debates/queue', { signal }).then((r) => r.queue),
});

export function joinQueue(formatId: TFormatId): Promise<TJoinQueueResult> {
  return api<TJoinQueueResult>('/api/debates/queue', { method: 'POST', json: { formatId } });
}

export function leaveQueue(): Promise<void> {
  return api<void>('/api/debates/queue', { method: 'DELETE' });
}

export interface TChallenge {
  formatId: TFormatId;
  prepMinutes: number;
  challenger: TDebateParticipant;
  /** `team`: the accepter names their own partners (as many as the challenger's). */
  mode: TChallengeMode;
  /** A team challenge's challenger's partners. */
  partners: TDebateParticipant[];
  /** The debate it started once accepted, or null. */
  debateId: number | null;
}

export function createChallenge(
  input: TCreateChallengeInput,
): Promise<{ challenge: { token: string; formatId: TFormatId; prepMinutes: number } }> {
  return api('/api/debates/challenges', { method: 'POST', json: input });
}

export function challengeQuery(token: string) {
  return queryOptions({
    queryKey: ['debates', 'challenge', token],
    queryFn: () =>
      api<{ challenge: TChallenge }>(`/api/debates/challenges/${encodeURIComponent(token)}`).then((r) => r.challenge),
  });
}

export function acceptChallenge(token: string, partnerIds: string[] = []): Promise<{ debateId: number }> {
  return api<{ debateId: number }>(`/api/debates/challenges/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    json: partnerIds.length > 0 ? { partnerIds } : {},
  });
}

// Lists and ratings.

export const liveDebatesQuery = queryOptions({
  queryKey: ['debates', 'live'],
  queryFn: () => api<{ debates: TDebateSummary[] }>('/api/debates').then((r) => r.debates),
});

export const debateHistoryQuery = queryOptions({
  queryKey: ['debates', 'history'],
  queryFn: () => api<THistoryResponse>('/api/debates/history'),
});

export type TRatingRow = TRatingSummary & { userId: string; displayName: string };

export function formatRatingsQuery(formatId: TFormatId) {
  return queryOptions({
    queryKey: ['debates', 'ratings', formatId],
    queryFn: () => api<{ ratings: TRatingRow[] }>(`/api/debates/ratings?formatId=${formatId}`).then((r) => r.ratings),
  });
}

// A round: the judge's seat, the meeting link, the ballot. Each answers with the debate as it is now.

/** Takes the judge's seat, with the invitation's token when arriving by a debater's link. */
export function takeJudgeSeat(debateId: number, invite: string | undefined): Promise<TDebate> {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/judge`, {
    method: 'POST',
    json: invite ? { invite } : {},
  }).then((r) => r.debate);
}

/** A new judge invitation: its token (for the link) and the debate, which now keeps the seat for it. */
export function inviteJudge(debateId: number): Promise<{ token: string; debate: TDebate }> {
  return api<{ token: string; debate: TDebate }>(`/api/debates/${debateId}/judge-invites`, { method: 'POST' });
}

/**
 * The round's meeting link, for its debaters and judge when the snapshot keeps it from spectators. Keyed
 * by the round's revision, so a changed link is read again.
 */
export function meetingLinkQuery(debateId: number, revision: number) {
  return {
    queryKey: ['debates', debateId, 'meeting-link', revision] as const,
    queryFn: () => api<{ link: string | null }>(`/api/debates/${debateId}/meeting-link`).then((r) => r.link),
  };
}

/** Shares a meeting link for the round (an empty one removes it). */
export function setExternalLink(debateId: number, link: string): Promise<TDebate> {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/external-link`, { method: 'PUT', json: { link } }).then(
    (r) => r.debate,
  );
}

/** The ballot route takes a side's ballot, or a British Parliamentary room's ranked one (`TBpBallotRequest`). */
export function submitBallot(debateId: number, ballot: TSubmitBallotRequest | TBpBallotRequest): Promise<TDebate> {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/ballots`, { method: 'POST', json: ballot }).then(
    (r) => r.debate,
  );
}

// Evidence shared in a round.
export const evidenceKey = (debateId: number) => ['debates', debateId, 'evidence'] as const;

export function listEvidence(debateId: number) {
  return api<{ evidence: TEvidence[]; isPublic: boolean }>(`/api/debates/${debateId}/evidence`);
}

/** Sends the file itself as the request body (streamed to the database on the server). */
export function uploadEvidence(debateId: number, file: File) {
  return api<{ evidence: TEvidence }>(`/api/debates/${debateId}/evidence/files?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': file.type || 'application/octet-stream' },
    body: file,
  }).then((r) => r.evidence);
}

export function shareEvidenceNote(debateId: number, note: TEvidenceNote) {
  return api<{ evidence: TEvidence }>(`/api/debates/${debateId}/evidence/notes`, { method: 'POST', json: note }).then(
    (r) => r.evidence,
  );
}

export function setEvidenceVisibility(debateId: number, isPublic: boolean) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/evidence/visibility`, {
    method: 'PUT',
    json: { isPublic },
  }).then((r) => r.debate);
}

export const evidenceFileUrl = (debateId: number, evidenceId: number) =>
  `/api/debates/${debateId}/evidence/${evidenceId}/file`;

// One's own flow of a round.
export const flowKey = (debateId: number) => ['debates', debateId, 'flow'] as const;

export function getFlow(debateId: number) {
  return api<{ flow: TFlow }>(`/api/debates/${debateId}/flow`).then((r) => r.flow);
}

export function saveFlow(debateId: number, columns: TFlowColumns) {
  return api<{ flow: TFlow }>(`/api/debates/${debateId}/flow`, { method: 'PUT', json: { columns } }).then(
    (r) => r.flow,
  );
}

// A team's shared flow of a round (a side of two or more): read it whole, save the cells that changed.
export const teamFlowKey = (debateId: number) => ['debates', debateId, 'team-flow'] as const;

export function getTeamFlow(debateId: number) {
  return api<{ flow: TTeamFlow }>(`/api/debates/${debateId}/team-flow`).then((r) => r.flow);
}

export function saveTeamFlowCells(debateId: number, cells: TTeamFlowCellEdit[]) {
  return api<{ change: TTeamFlowChange }>(`/api/debates/${debateId}/team-flow`, {
    method: 'PATCH',
    json: { cells },
  }).then((r) => r.change);
}

// The replay of a finished round.
export const replayKey = (debateId: number) => ['debates', debateId, 'replay'] as const;

export function getReplay(debateId: number) {
  return api<TReplay>(`/api/debates/${debateId}/replay`);
}

// Recordings of a round.
/** A debater keeps the round's replay private, or makes it public again. */
export function setReplayPrivacy(debateId: number, isPrivate: boolean) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/replay-privacy`, { method: 'PUT', json: { isPrivate } });
}

export const recordingsKey = (debateId: number) => ['debates', debateId, 'recordings'] as const;

export function setRecordingConsent(debateId: number, agree: boolean) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/recording-consent`, {
    method: 'PUT',
    json: { agree },
  }).then((r) => r.debate);
}

/** The room's Forfeit button: a debater resigns the live round (the other side wins; never a strike). */
export function resignDebate(debateId: number) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/forfeit`, { method: 'POST' }).then((r) => r.debate);
}

/** A debater's coin flip choice in a Public Forum tournament round (the winner's first, then the other kind). */
export function chooseAfterCoinFlip(debateId: number, choice: TCoinFlipPick) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/coin-flip`, {
    method: 'POST',
    json: { choice },
  }).then((r) => r.debate);
}

/** A debater's "let spectators watch". */
export function setSpectatorWatch(debateId: number, allow: boolean) {
  return api<{ debate: TDebate }>(`/api/debates/${debateId}/spectator-watch`, {
    method: 'PUT',
    json: { allow },
  }).then((r) => r.debate);
}

export function startRecording(debateId: number, mimeType: string) {
  return api<{ recording: { id: number } }>(`/api/debates/${debateId}/recordings`, {
    method: 'POST',
    json: { mimeType },
  }).then((r) => r.recording.id);
}

export function uploadRecordingChunk(debateId: number, recordingId: number, seq: number, data: Blob) {
  return api<{ size: number }>(`/api/debates/${debateId}/recordings/${recordingId}/chunks?seq=${seq}`, {
    method: 'POST',
    headers: { 'content-type': data.type || 'video/webm' },
    body: data,
  });
}

export function listRecordings(debateId: number) {
  return api<{ recordings: TRecording[] }>(`/api/debates/${debateId}/recordings`).then((r) => r.recordings);
}

export function deleteRecordings(debateId: number) {
  return api<{ deleted: number }>(`/api/debates/${debateId}/recordings`, { method: 'DELETE' });
}

export const recordingMediaUrl = (debateId: number, recordingId: number) =>
  `/api/debates/${debateId}/recordings/${recordingId}/media`;

// The connection check.

/** The ICE servers the connection check gathers against, with TURN credentials of the user's own (ten minutes). */
export function fetchCheckServers(signal: AbortSignal): Promise<TMediaCheckServers> {
  return api<TMediaCheckServers>('/api/media/check-servers', { signal });
}
