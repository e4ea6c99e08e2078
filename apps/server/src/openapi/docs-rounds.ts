/** The OpenAPI page's entries of rounds: matchmaking, the room, results, teams, evidence, flows, recordings (`route-docs.ts`). */
import { z } from 'zod';
import {
  ZAcceptChallengeRequest,
  ZBpBallotRequest,
  ZCoinFlipChoiceRequest,
  ZCreateChallengeRequest,
  ZCreatePartnerLinkRequest,
  ZJoinTeamQueueRequest,
  ZCreateTeamRequest,
  ZEvidenceNote,
  ZEvidenceVisibility,
  ZExternalLinkRequest,
  ZJoinAsJudgeRequest,
  ZJoinApprovalRequest,
  ZJoinCodeRequest,
  ZMediaCheckServers,
  ZPairRoundsRequest,
  ZReplayPrivacyRequest,
  ZSaveFlowRequest,
  ZTeamFlowEditRequest,
  ZSendDebateMessage,
  ZSpectatorWatchRequest,
  ZSubmitBallotRequest,
  ZUpdateMemberRequest,
  ZUpdateTeamRequest,
} from '@resolved/shared';
import { ZClockRequest } from '../features/debates/debates.routes';
import { ZFileQuery } from '../features/evidence/evidence.routes';
import {
  ZChunkQuery,
  ZRecordingConsentRequest,
  ZStartRecordingRequest,
} from '../features/recordings/recordings.routes';
import { ZRatingsQuery } from '../features/results/results.routes';
import { ZPartnersQuery } from '../features/matchmaking/matchmaking.routes';
import { json, created, noContent, file, type TRouteDoc } from './route-doc';

/** A round's chat message without the id the path already carries. */
const ZDebateMessageBody = ZSendDebateMessage.omit({ debateId: true });

export const ROUND_ROUTE_DOCS: Record<string, TRouteDoc> = {
  // ---- Matchmaking
  'GET /api/debates/queue': {
    tag: 'Matchmaking',
    summary: 'Where the signed-in user stands in the queue.',
    ok: json('The queue entry.'),
  },
  'POST /api/debates/queue': {
    tag: 'Matchmaking',
    summary:
      'Joins the queue for a format: alone, with a partner (both partners join naming each other), "find me a partner", or one-on-one.',
    body: ZJoinTeamQueueRequest,
    ok: json('The entry.'),
  },
  'DELETE /api/debates/queue': { tag: 'Matchmaking', summary: 'Leaves the queue.', ok: noContent('Left.') },
  'GET /api/debates/partners': {
    tag: 'Matchmaking',
    summary: 'Whom the signed-in user may name as a partner in a format: teammates and accepted partner links.',
    query: ZPartnersQuery,
    ok: json('The partner choices.'),
  },
  'POST /api/debates/partner-links': {
    tag: 'Matchmaking',
    summary: 'Creates a partner link for a team format (it works once, within 24 hours).',
    body: ZCreatePartnerLinkRequest,
    ok: created('The partner link.'),
  },
  'GET /api/debates/partner-links/:token': {
    tag: 'Matchmaking',
    summary: 'Reads a partner link.',
    ok: json('The partner link.'),
  },
  'POST /api/debates/partner-links/:token/accept': {
    tag: 'Matchmaking',
    summary: 'Accepts a partner link: the two may queue as partners in its format.',
    ok: json('The accepted link and the partner.'),
  },
  'POST /api/debates/challenges': {
    tag: 'Matchmaking',
    summary: 'Creates a challenge link: one-on-one, or in a team format with the challenger’s partners named.',
    body: ZCreateChallengeRequest,
    ok: created('The challenge.'),
  },
  'GET /api/debates/challenges/:token': {
    tag: 'Matchmaking',
    summary: 'Reads a challenge link (its mode and the challenger’s partners).',
    ok: json('The challenge.'),
  },
  'POST /api/debates/challenges/:token/accept': {
    tag: 'Matchmaking',
    summary: 'Accepts a challenge (a team challenge naming the accepter’s partners): the round starts.',
    body: ZAcceptChallengeRequest,
    ok: json('The new round’s id.'),
  },

  // ---- Rounds
  'GET /api/debates': { tag: 'Debates', summary: 'Live rounds.', ok: json('The rounds.') },
  'GET /api/debates/:id': { tag: 'Debates', summary: 'One round, as its viewer may see it.', ok: json('The round.') },
  'POST /api/debates/:id/clock': {
    tag: 'Debates',
    summary: 'A clock command (start, pause, next…).',
    body: ZClockRequest,
    ok: json('The round.'),
  },
  'PUT /api/debates/:id/external-link': {
    tag: 'Debates',
    summary: 'Sets the round’s meeting link.',
    body: ZExternalLinkRequest,
    ok: json('The round.'),
  },
  'GET /api/debates/:id/meeting-link': {
    tag: 'Debates',
    summary: 'The meeting link, for debaters and the judge.',
    ok: json('The link.'),
  },
  'PUT /api/debates/:id/spectator-watch': {
    tag: 'Debates',
    summary: 'A debater lets spectators watch, or not.',
    body: ZSpectatorWatchRequest,
    ok: json('The round.'),
  },
  'POST /api/debates/:id/coin-flip': {
    tag: 'Tournaments',
    summary:
      'A Public Forum tournament round’s coin flip choice: the winner a side or the speaking order, then the other debater the other kind.',
    body: ZCoinFlipChoiceRequest,
    ok: json('The round.'),
  },
  'GET /api/debates/:id/tournament': {
    tag: 'Tournaments',
    summary:
      'A round’s tournament, round name and whether the tournament is finished, for its room (null: no tournament’s, or one the caller may not see).',
    ok: json('The tag.'),
  },
  'POST /api/debates/:id/messages': {
    tag: 'Debates',
    summary: 'Posts in the round’s chat (a retried clientId stores nothing twice).',
    body: ZDebateMessageBody,
    ok: created('The message.'),
  },
  'GET /api/media/check-servers': {
    tag: 'Debates',
    summary: 'The connection check’s ICE servers: STUN, and TURN credentials of the user’s own for ten minutes.',
    ok: json('The ICE servers and the transport policy.', ZMediaCheckServers),
  },
  'GET /api/debates/history': {
    tag: 'Results',
    summary: 'The signed-in user’s finished rounds.',
    ok: json('The rounds.'),
  },
  'GET /api/debates/:id/replay': {
    tag: 'Results',
    summary: 'A finished round’s replay, for those who may see it.',
    ok: json('The replay.'),
  },
  'PUT /api/debates/:id/replay-privacy': {
    tag: 'Results',
    summary: 'A debater makes the replay private, or not.',
    body: ZReplayPrivacyRequest,
    ok: json('The setting.'),
  },
  'GET /api/debates/progress': { tag: 'Results', summary: 'The signed-in user’s progress.', ok: json('The progress.') },
  'GET /api/debates/record': { tag: 'Results', summary: 'The signed-in user’s record.', ok: json('The record.') },
  'GET /api/debates/ratings': {
    tag: 'Results',
    summary: 'The rating list of a format.',
    query: ZRatingsQuery,
    ok: json('The ratings.'),
  },
  'POST /api/debates/:id/judge': {
    tag: 'Results',
    summary: 'Takes the judge’s seat.',
    body: ZJoinAsJudgeRequest,
    ok: json('The round.'),
  },
  'POST /api/debates/:id/judge-invites': {
    tag: 'Results',
    summary: 'Creates a judge invitation link.',
    ok: created('The invitation.'),
  },
  'POST /api/debates/:id/ballots': {
    tag: 'Results',
    summary: 'The judge submits the ballot (a British Parliamentary room: the ranked ballot, `ZBpBallotRequest`).',
    body: z.union([ZSubmitBallotRequest, ZBpBallotRequest]),
    ok: created('The ballot.'),
  },
  'POST /api/debates/:id/forfeit': { tag: 'Results', summary: 'A debater forfeits the round.', ok: json('The round.') },

  // ---- Teams
  'GET /api/teams': { tag: 'Teams', summary: 'The signed-in user’s teams.', ok: json('The teams.') },
  'POST /api/teams': {
    tag: 'Teams',
    summary: 'Creates a team (its coach).',
    body: ZCreateTeamRequest,
    ok: created('The team.'),
  },
  'GET /api/teams/rounds/mine': {
    tag: 'Teams',
    summary: 'The signed-in user’s scheduled team rounds.',
    ok: json('The rounds.'),
  },
  'GET /api/teams/join/:code': { tag: 'Teams', summary: 'The team a join code leads to.', ok: json('The team.') },
  'POST /api/teams/join/:code': { tag: 'Teams', summary: 'Joins a team with its code.', ok: json('The team.') },
  'GET /api/teams/:id': { tag: 'Teams', summary: 'A team, for its members.', ok: json('The team.') },
  'PUT /api/teams/:id': {
    tag: 'Teams',
    summary: 'The coach changes the team.',
    body: ZUpdateTeamRequest,
    ok: json('The team.'),
  },
  'POST /api/teams/:id/join-code': {
    tag: 'Teams',
    summary: 'The coach turns joining by code on (a new code) or off.',
    body: ZJoinCodeRequest,
    ok: json('The team.'),
  },
  'PUT /api/teams/:id/join-approval': {
    tag: 'Teams',
    summary: 'The coach requires (or stops requiring) approval for joins; always on while the team may have a minor.',
    body: ZJoinApprovalRequest,
    ok: json('The team.'),
  },
  'POST /api/teams/:id/members/:userId/approve': {
    tag: 'Teams',
    summary: 'The coach lets someone waiting to join in as a member.',
    ok: json('The team.'),
  },
  'POST /api/teams/:id/members/:userId/decline': {
    tag: 'Teams',
    summary: 'The coach turns away someone waiting to join.',
    ok: json('The team.'),
  },
  'PATCH /api/teams/:id/members/:userId': {
    tag: 'Teams',
    summary: 'The coach changes a member.',
    body: ZUpdateMemberRequest,
    ok: json('The member.'),
  },
  'DELETE /api/teams/:id/members/:userId': {
    tag: 'Teams',
    summary: 'Removes a member (or leaves).',
    ok: noContent('Removed.'),
  },
  'GET /api/teams/:id/members/:userId/progress': {
    tag: 'Teams',
    summary: 'A member’s progress, for the coach.',
    ok: json('The progress.'),
  },
  'GET /api/teams/:id/rounds': { tag: 'Teams', summary: 'The team’s rounds.', ok: json('The rounds.') },
  'POST /api/teams/:id/rounds': {
    tag: 'Teams',
    summary: 'The coach pairs practice rounds (mode `teams`: one round of two sides of members in positions).',
    body: ZPairRoundsRequest,
    ok: created('The rounds.'),
  },
  'DELETE /api/teams/:id/rounds/:debateId': {
    tag: 'Teams',
    summary: 'The coach cancels a scheduled round.',
    ok: noContent('Cancelled.'),
  },

  // ---- Evidence, flows, recordings
  'GET /api/debates/:id/evidence': { tag: 'Evidence', summary: 'The round’s evidence.', ok: json('The evidence.') },
  'POST /api/debates/:id/evidence/notes': {
    tag: 'Evidence',
    summary: 'Shares a card or a link.',
    body: ZEvidenceNote,
    ok: created('The evidence.'),
  },
  'PUT /api/debates/:id/evidence/visibility': {
    tag: 'Evidence',
    summary: 'Lets spectators see the evidence, or not.',
    body: ZEvidenceVisibility,
    ok: json('The setting.'),
  },
  'GET /api/debates/:id/evidence/:evidenceId/file': {
    tag: 'Evidence',
    summary: 'Downloads a shared file.',
    ok: file('The file (an attachment).'),
  },
  'POST /api/debates/:id/evidence/files': {
    tag: 'Evidence',
    summary: 'Shares a file: its bytes are the body, its name the query.',
    query: ZFileQuery,
    ok: created('The evidence.'),
  },
  'GET /api/debates/:id/flow': { tag: 'Flows', summary: 'One’s own flow sheet of the round.', ok: json('The flow.') },
  'PUT /api/debates/:id/flow': {
    tag: 'Flows',
    summary: 'Saves one’s flow sheet.',
    body: ZSaveFlowRequest,
    ok: json('The flow.'),
  },
  'GET /api/debates/:id/team-flow': {
    tag: 'Flows',
    summary: 'One’s team’s shared flow of the round (a side of two or more).',
    ok: json('The team flow.'),
  },
  'PATCH /api/debates/:id/team-flow': {
    tag: 'Flows',
    summary: 'Saves cells of one’s team’s shared flow; each cell’s last save wins.',
    body: ZTeamFlowEditRequest,
    ok: json('The change, as the partners are sent it.'),
  },
  'PUT /api/debates/:id/recording-consent': {
    tag: 'Recordings',
    summary: 'A debater consents to recording, or not.',
    body: ZRecordingConsentRequest,
    ok: json('The consent.'),
  },
  'POST /api/debates/:id/recordings': {
    tag: 'Recordings',
    summary: 'Starts a recording upload.',
    body: ZStartRecordingRequest,
    ok: created('The recording.'),
  },
  'GET /api/debates/:id/recordings': {
    tag: 'Recordings',
    summary: 'The round’s recordings.',
    ok: json('The recordings.'),
  },
  'DELETE /api/debates/:id/recordings': {
    tag: 'Recordings',
    summary: 'Deletes one’s recordings of the round.',
    ok: json('What was deleted.'),
  },
  'GET /api/debates/:id/recordings/:recordingId/media': {
    tag: 'Recordings',
    summary: 'Plays a recording (byte ranges).',
    ok: file('The requested bytes.', 206),
  },
  'POST /api/debates/:id/recordings/:recordingId/chunks': {
    tag: 'Recordings',
    summary: 'Uploads the next chunk of a recording: its bytes are the body, its number the query.',
    query: ZChunkQuery,
    ok: json('The recording.'),
  },
};
