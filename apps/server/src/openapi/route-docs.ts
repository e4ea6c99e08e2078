/**
 * What the OpenAPI page (`/api/docs`) says of every HTTP route, keyed `METHOD path` as Fastify registered it (as in
 * `security/authorization-table.ts`). Request schemas are the zod schemas the routes parse with, so the page cannot
 * drift from what is accepted; `openapi.test.ts` fails for a route with no entry here, or an entry with no route.
 *
 * The docs are kept here, not as each route's Fastify `schema`: a body or response schema there would make Fastify
 * validate and serialise with its own compilers beside zod (another error shape, fields dropped from answers).
 */
import { z } from 'zod';
import {
  ERROR_CODES,
  ZAppealDecisionRequest,
  ZAppealRequest,
  ZBanAppealRequest,
  ZChatLockRequest,
  ZCreateChallengeRequest,
  ZCreateContactRequest,
  ZCreateMotionRequest,
  ZCreateReportRequest,
  ZCreateRoomRequest,
  ZCreateTeamRequest,
  ZEvidenceNote,
  ZEvidenceVisibility,
  ZExternalLinkRequest,
  ZHealth,
  ZJoinAsJudgeRequest,
  ZJoinCodeRequest,
  ZJoinQueueRequest,
  ZListMessagesQuery,
  ZListMotionsQuery,
  ZLogQuery,
  ZModerationActionRequest,
  ZMyData,
  ZPairRoundsRequest,
  ZProfileRoundsQuery,
  ZReplayPrivacyRequest,
  ZSaveFlowRequest,
  ZSendDebateMessage,
  ZSessionUser,
  ZSetBirthMonthRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZSpectatorWatchRequest,
  ZSubmitBallotRequest,
  ZUpdateMemberRequest,
  ZUpdateRoleRequest,
  ZUpdateRoomRequest,
  ZUpdateScoreRequest,
  ZUpdateTeamRequest,
  ZUpdateTopicRequest,
  ZUpdateUserRequest,
  ZVerifiedJudgeRequest,
} from '@resolved/shared';
import { ZScoreChangesQuery } from '../features/admin/admin.routes';
import { ZClockRequest } from '../features/debates/debates.routes';
import { ZFileQuery } from '../features/evidence/evidence.routes';
import {
  ZChunkQuery,
  ZRecordingConsentRequest,
  ZStartRecordingRequest,
} from '../features/recordings/recordings.routes';
import { ZRatingsQuery } from '../features/results/results.routes';
import { ZPageQuery } from '../features/users/users.routes';

export interface TRouteDoc {
  tag: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Left off the page: not part of the API (it only answers 404). */
  isHidden?: boolean;
  /** The success status and what it answers: a zod schema of the JSON body where one exists, else its description. */
  ok: { status: 200 | 201 | 204 | 206; description: string; schema?: z.ZodType; contentType?: string };
}

const json = (description: string, schema?: z.ZodType, status: 200 | 201 = 200) => ({
  status,
  description,
  ...(schema ? { schema } : {}),
});
const created = (description: string, schema?: z.ZodType) => json(description, schema, 201);
const noContent = (description: string) => ({ status: 204 as const, description });
const file = (description: string, status: 200 | 206 = 200) => ({
  status,
  description,
  contentType: 'application/octet-stream',
});

/** The body of every refusal and failure (`lib/errors.ts`). */
export const ERROR_BODY_SCHEMA = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    reason: z.string().optional().describe('Why, when the refusal has a typed reason (ERROR_REASONS).'),
    details: z.unknown().optional(),
  }),
});

/** A round's chat message without the id the path already carries. */
const ZDebateMessageBody = ZSendDebateMessage.omit({ debateId: true });

export const ROUTE_DOCS: Record<string, TRouteDoc> = {
  // ---- Health, session, accounts
  'GET /api/health': {
    tag: 'Health',
    summary: 'Whether the server and its database answer (503 when the database does not).',
    ok: json('The server is up.', ZHealth),
  },
  'GET /api/session': {
    tag: 'Auth',
    summary: 'The signed-in user, or null for a visitor.',
    ok: json('The session.', z.object({ user: ZSessionUser.nullable() })),
  },
  'GET /api/auth-options': {
    tag: 'Auth',
    summary: 'Whether Google sign-in and e-mail are configured on this server.',
    ok: json('The options.', z.object({ isGoogleConfigured: z.boolean(), isMailConfigured: z.boolean() })),
  },
  'POST /api/auth/sign-in/email': {
    tag: 'Auth',
    summary: 'Signs in with e-mail and password (sets the session cookie). A banned account: 403 with an appeal token.',
    body: ZSignInRequest,
    ok: json('Signed in.'),
  },
  'POST /api/auth/sign-up/email': {
    tag: 'Auth',
    summary: 'Creates an account with e-mail, password and month of birth (optionally a team join code).',
    body: ZSignUpRequest,
    ok: json('Signed up and signed in.'),
  },
  'POST /api/auth/update-user': {
    tag: 'Auth',
    summary: 'Changes one’s own display name.',
    body: ZUpdateUserRequest,
    ok: json('Changed.'),
  },
  '* /api/auth/admin/*': {
    isHidden: true,
    tag: 'Auth',
    summary: 'better-auth’s admin endpoints: not exposed (always 404; the admin routes below enforce the rules).',
    ok: json('Never: always 404.'),
  },
  'GET,POST /api/auth/*': {
    tag: 'Auth',
    summary:
      'better-auth’s other endpoints: sign-out, password change and reset, e-mail verification, Google (OpenID Connect) sign-in and its callback, account deletion.',
    ok: json('better-auth’s answer (a redirect for the OAuth callback).'),
  },

  // ---- Users, standings, the data export, age
  'GET /api/leaderboard': {
    tag: 'Users',
    summary: 'The leaderboard, 100 rows a page (no e-mail but the viewer’s own).',
    query: ZPageQuery,
    ok: json('A page of ranks.'),
  },
  'GET /api/users/me/standing': {
    tag: 'Users',
    summary: 'The dashboard’s data for the signed-in user.',
    ok: json('Points, rank and record.'),
  },
  'GET /api/users/me/export': {
    tag: 'Users',
    summary: 'Download my data: the signed-in account’s own data as a JSON attachment.',
    ok: json('The account’s data.', ZMyData),
  },
  'GET /api/users/me/birth-month': {
    tag: 'Users',
    summary: 'The account’s own month of birth (never anyone else’s).',
    ok: json('The month, or null while not given.'),
  },
  'PUT /api/users/me/birth-month': {
    tag: 'Users',
    summary: 'Gives one’s month of birth, once, while it is unset.',
    body: ZSetBirthMonthRequest,
    ok: json('Stored.'),
  },
  'GET /api/users/:id': {
    tag: 'Users',
    summary: 'A debater’s profile: name, points, rank, record and ratings (a minor’s: name and record only).',
    ok: json('The profile.'),
  },
  'GET /api/users/:id/debates': {
    tag: 'Users',
    summary: 'A debater’s finished rounds the viewer may replay, a page at a time.',
    query: ZProfileRoundsQuery,
    ok: json('A page of rounds.'),
  },
  'GET /api/users/:id/judged-debates': {
    tag: 'Users',
    summary: 'The finished rounds a user judged, with their ballots, a page at a time.',
    query: ZProfileRoundsQuery,
    ok: json('A page of rounds.'),
  },

  // ---- Admin
  'GET /api/users': {
    tag: 'Admin',
    summary: 'Admins: every account, a page at a time.',
    query: ZPageQuery,
    ok: json('A page of accounts.'),
  },
  'PUT /api/users/:id/score': {
    tag: 'Admin',
    summary: 'Admins: sets an account’s points (recorded in the score ledger).',
    body: ZUpdateScoreRequest,
    ok: json('The account.'),
  },
  'PUT /api/users/:id/role': {
    tag: 'Admin',
    summary: 'Admins: sets an account’s role (never demotes the last admin).',
    body: ZUpdateRoleRequest,
    ok: json('The account.'),
  },
  'PUT /api/users/:id/birth-month': {
    tag: 'Admin',
    summary: 'Admins: corrects an account’s month of birth.',
    body: ZSetBirthMonthRequest,
    ok: json('The account.'),
  },
  'PUT /api/users/:id/verified-judge': {
    tag: 'Admin',
    summary: 'Admins: marks an account as a verified judge, or not.',
    body: ZVerifiedJudgeRequest,
    ok: json('The account.'),
  },
  'GET /api/score-changes': {
    tag: 'Admin',
    summary: 'Admins: the score ledger, optionally of one account.',
    query: ZScoreChangesQuery,
    ok: json('The changes.'),
  },
  'GET /api/contact-requests': {
    tag: 'Admin',
    summary: 'Admins: the help form’s requests.',
    ok: json('The requests.'),
  },
  'PUT /api/chat/lock': {
    tag: 'Chat',
    summary: 'Moderators and admins: locks or unlocks the community chat, or limits it by account age.',
    body: ZChatLockRequest,
    ok: json('The chat’s lock.'),
  },
  'GET /api/chat/lock': { tag: 'Chat', summary: 'The community chat’s lock.', ok: json('The lock.') },
  'GET /api/chat/messages': {
    tag: 'Chat',
    summary: 'The community chat’s recent messages (from an id on).',
    query: ZListMessagesQuery,
    ok: json('The messages.'),
  },

  // ---- Topics, motions, rooms, help
  'GET /api/topics/current': { tag: 'Topics', summary: 'The current topic (cached; ETag).', ok: json('The topic.') },
  'PUT /api/topics/current': {
    tag: 'Topics',
    summary: 'Admins: sets a new current topic.',
    body: ZUpdateTopicRequest,
    ok: json('The topic.'),
  },
  'GET /api/topics': {
    tag: 'Topics',
    summary: 'The current topic, then past ones (cached; ETag).',
    ok: json('The topics.'),
  },
  'POST /api/topics/:id/make-current': {
    tag: 'Topics',
    summary: 'Admins: makes a past topic current again.',
    ok: json('The topic.'),
  },
  'GET /api/motions': {
    tag: 'Motions',
    summary: 'Admins: the motion bank of a format.',
    query: ZListMotionsQuery,
    ok: json('The motions.'),
  },
  'POST /api/motions': {
    tag: 'Motions',
    summary: 'Admins: adds a motion.',
    body: ZCreateMotionRequest,
    ok: created('The motion.'),
  },
  'DELETE /api/motions/:id': { tag: 'Motions', summary: 'Admins: removes a motion.', ok: noContent('Removed.') },
  'GET /api/rooms': { tag: 'Rooms', summary: 'The rooms (cached; ETag).', ok: json('The rooms.') },
  'POST /api/rooms': { tag: 'Rooms', summary: 'Creates a room.', body: ZCreateRoomRequest, ok: created('The room.') },
  'PATCH /api/rooms/:id': {
    tag: 'Rooms',
    summary: 'Changes a room (a fixed room: admins, its link only; a created one: its creator or staff).',
    body: ZUpdateRoomRequest,
    ok: json('The room.'),
  },
  'DELETE /api/rooms/:id': { tag: 'Rooms', summary: 'Deletes a created room.', ok: noContent('Deleted.') },
  'GET /api/help/config': {
    tag: 'Help',
    summary: 'Whether the help page embeds an external form.',
    ok: json('The setting.'),
  },
  'POST /api/help/requests': {
    tag: 'Help',
    summary: 'Sends the in-app help form (5 a minute per IP).',
    body: ZCreateContactRequest,
    ok: created('The request.'),
  },

  // ---- Matchmaking
  'GET /api/debates/queue': {
    tag: 'Matchmaking',
    summary: 'Where the signed-in user stands in the queue.',
    ok: json('The queue entry.'),
  },
  'POST /api/debates/queue': {
    tag: 'Matchmaking',
    summary: 'Joins the queue for a format.',
    body: ZJoinQueueRequest,
    ok: json('The entry.'),
  },
  'DELETE /api/debates/queue': { tag: 'Matchmaking', summary: 'Leaves the queue.', ok: noContent('Left.') },
  'POST /api/debates/challenges': {
    tag: 'Matchmaking',
    summary: 'Creates a challenge link.',
    body: ZCreateChallengeRequest,
    ok: created('The challenge.'),
  },
  'GET /api/debates/challenges/:token': {
    tag: 'Matchmaking',
    summary: 'Reads a challenge link.',
    ok: json('The challenge.'),
  },
  'POST /api/debates/challenges/:token/accept': {
    tag: 'Matchmaking',
    summary: 'Accepts a challenge: the round starts.',
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
  'POST /api/debates/:id/messages': {
    tag: 'Debates',
    summary: 'Posts in the round’s chat (a retried clientId stores nothing twice).',
    body: ZDebateMessageBody,
    ok: created('The message.'),
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
    summary: 'The judge submits the ballot.',
    body: ZSubmitBallotRequest,
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
    summary: 'The coach pairs practice rounds.',
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

  // ---- Blocks
  'GET /api/blocks': { tag: 'Blocks', summary: 'Whom the signed-in user has blocked.', ok: json('The blocks.') },
  'PUT /api/blocks/:id': { tag: 'Blocks', summary: 'Blocks a user (idempotent).', ok: json('The block.') },
  'DELETE /api/blocks/:id': { tag: 'Blocks', summary: 'Unblocks a user.', ok: noContent('Unblocked.') },

  // ---- Moderation, notices, appeals
  'POST /api/reports': {
    tag: 'Moderation',
    summary: 'Reports a user, a message or a round.',
    body: ZCreateReportRequest,
    ok: created('The report.'),
  },
  'GET /api/moderation/cases': { tag: 'Moderation', summary: 'Staff: the moderation queue.', ok: json('The cases.') },
  'GET /api/moderation/cases/:id': {
    tag: 'Moderation',
    summary: 'Staff: one case with its copied context.',
    ok: json('The case.'),
  },
  'POST /api/moderation/cases/:id/claim': {
    tag: 'Moderation',
    summary: 'Staff: claims a case.',
    ok: json('The case.'),
  },
  'DELETE /api/moderation/cases/:id/claim': {
    tag: 'Moderation',
    summary: 'Staff: releases a claim.',
    ok: noContent('Released.'),
  },
  'POST /api/moderation/cases/:id/actions': {
    tag: 'Moderation',
    summary: 'Staff: acts on a case (dismiss, warn, mute, suspend, ban…); logged.',
    body: ZModerationActionRequest,
    ok: json('The case.'),
  },
  'POST /api/moderation/cases/:id/appeal-decision': {
    tag: 'Moderation',
    summary: 'Staff: decides an appeal.',
    body: ZAppealDecisionRequest,
    ok: json('The case.'),
  },
  'POST /api/moderation/users/:id/actions': {
    tag: 'Moderation',
    summary: 'Staff: acts on a user directly; logged.',
    body: ZModerationActionRequest,
    ok: json('The action.'),
  },
  'GET /api/moderation/files/:id': {
    tag: 'Moderation',
    summary: 'Staff: a file kept with a case.',
    ok: file('The file (an attachment).'),
  },
  'GET /api/moderation/log': {
    tag: 'Moderation',
    summary: 'Staff: the append-only moderation log.',
    query: ZLogQuery,
    ok: json('A page of the log.'),
  },
  'GET /api/notices': { tag: 'Notices', summary: 'The signed-in user’s notices.', ok: json('The notices.') },
  'POST /api/notices/read': { tag: 'Notices', summary: 'Marks the notices read.', ok: noContent('Marked.') },
  'POST /api/notices/:id/appeal': {
    tag: 'Notices',
    summary: 'Appeals the action a notice tells of (once).',
    body: ZAppealRequest,
    ok: created('The appeal.'),
  },
  'POST /api/ban-appeals': {
    tag: 'Notices',
    summary: 'A banned person appeals the ban with the token a refused sign-in gave them (password or Google).',
    body: ZBanAppealRequest,
    ok: created('The appeal.'),
  },
};
