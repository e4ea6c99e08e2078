/** The OpenAPI page's entries of accounts, people and the community: auth, users, admin, chat, topics, motions, rooms, help, blocks, moderation (`route-docs.ts`). */
import { z } from 'zod';
import {
  ZAppealDecisionRequest,
  ZAppealRequest,
  ZBanAppealRequest,
  ZChatLockRequest,
  ZCreateContactRequest,
  ZCreateMotionRequest,
  ZCreateReportRequest,
  ZCreateRoomRequest,
  ZHealth,
  ZListMessagesQuery,
  ZListMotionsQuery,
  ZLogQuery,
  ZModerationActionRequest,
  ZMyData,
  ZProfileRoundsQuery,
  ZSessionUser,
  ZSetBirthMonthRequest,
  ZSignInRequest,
  ZSignUpRequest,
  ZUpdateRoleRequest,
  ZUpdateRoomRequest,
  ZUpdateScoreRequest,
  ZUpdateTopicRequest,
  ZUpdateUserRequest,
  ZVerifiedJudgeRequest,
} from '@resolved/shared';
import { ZScoreChangesQuery } from '../features/admin/admin.routes';
import { ZPageQuery } from '../features/users/users.routes';
import { json, created, noContent, file, type TRouteDoc } from './route-doc';

export const ACCOUNT_ROUTE_DOCS: Record<string, TRouteDoc> = {
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
