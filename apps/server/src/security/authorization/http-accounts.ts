/** Who may use the site’s own routes: health, session, help, topics, rooms, users and their profiles, chat, blocks. */
import { ADMIN, PUBLIC, SIGNED_IN, rule, type TAccessRule } from './rules';

/** Site-wide routes and accounts (`METHOD path`, with `| case` keys as in HTTP_RULES). */
export const ACCOUNT_RULES: Record<string, TAccessRule> = {
  'GET /api/health': PUBLIC,
  'GET /api/session': rule('everyone (a visitor gets `user: null`; a user only their own record)', 'AAAA-'),
  'GET /api/auth-options': PUBLIC,
  'GET /api/help/config': PUBLIC,
  'POST /api/help/requests': rule('everyone (5 a minute per IP)', 'AAAA-'),
  'GET /api/contact-requests': ADMIN,

  'GET /api/topics': PUBLIC,
  'GET /api/topics/current': PUBLIC,
  'PUT /api/topics/current': ADMIN,
  'POST /api/topics/:id/make-current': ADMIN,

  'GET /api/rooms': PUBLIC,
  'POST /api/rooms': SIGNED_IN,
  'POST /api/rooms | team-managed': rule('no account limited to its teams (403 `team_managed`)', 'DDDD-'),
  'PATCH /api/rooms/:id': rule('a created room: its creator, moderators, admins', 'DDAAA', 'the room’s creator'),
  'PATCH /api/rooms/:id | fixed room': rule('a fixed room (link only): admins', 'DDDA-'),
  'DELETE /api/rooms/:id': rule('a created room: its creator, moderators, admins', 'DDAAA', 'the room’s creator'),
  'DELETE /api/rooms/:id | fixed room': rule('a fixed room: no one', 'DDDD-'),

  'GET /api/leaderboard': rule('everyone (no e-mail but the viewer’s own)', 'AAAA-'),
  'GET /api/users/me/standing': SIGNED_IN,
  'GET /api/users/me/export': SIGNED_IN,
  'GET /api/users/:id': rule(
    'signed-in users (name, points, rank, record, ratings; a minor’s: name and record only; never an e-mail)',
    'DAAAA',
    'the user it shows',
  ),
  'GET /api/users/:id/debates': rule(
    'signed-in users (only the rounds the viewer may replay)',
    'DAAAA',
    'the user whose rounds they are',
  ),
  'GET /api/users/:id/judged-debates': rule(
    'signed-in users (only the rounds the viewer may replay)',
    'DAAAA',
    'the user who judged them',
  ),
  'GET /api/users': rule('admins (the only list with e-mails)', 'DDDA-'),
  'PUT /api/users/:id/score': rule('admins; never one’s own score unless admin', 'DDDAD', 'the user whose score it is'),
  'PUT /api/users/:id/role': rule('admins; no one promotes themselves', 'DDDAD', 'the user whose role it is'),
  'GET /api/score-changes': ADMIN,
  'GET /api/users/me/paradigm': rule('signed-in users: their own paradigm', 'DAAA-'),
  'PUT /api/users/me/paradigm': rule('signed-in users 18 and over (their own paradigm, screened)', 'DAAA-'),
  'GET /api/users/:id/paradigm': rule(
    'signed-in users (null for a judge under 18, and for an account limited to its teams outside them)',
    'DAAA-',
  ),
  'GET /api/users/me/birth-month': rule('signed-in users: their own month of birth (never anyone else’s)', 'DAAA-'),
  'PUT /api/users/me/birth-month': rule(
    'signed-in users whose month of birth is unset (asked at their next sign-in)',
    'DAAA-',
  ),
  'PUT /api/users/me/birth-month | already set': rule(
    'no one once it is set (403 `birth_month_set`: only an admin changes it)',
    'DDDD-',
  ),
  'PUT /api/users/:id/birth-month': rule('admins (logged)', 'DDDAD', 'the user whose month it is'),
  'PUT /api/users/:id/verified-judge': rule('admins (logged)', 'DDDAD', 'the user it names'),
  'GET /api/users/:id | team-managed': rule(
    'a team-limited account: itself, its teammates and coaches, staff only (others: 404)',
    'DDAAA',
    'the team-managed account',
  ),
  'GET /api/users/:id | team-managed, pending teammate': rule(
    'not someone waiting for approval to join its team (404)',
    'DDAAD',
    'an adult waiting to join its team',
  ),

  'GET /api/chat/messages': SIGNED_IN,
  'GET /api/chat/lock': rule('signed-in users (whether only established accounts may post: the banner)', 'DAAA-'),
  'PUT /api/chat/lock': rule('admins (the switch “only established accounts may post”; logged)', 'DDDA-'),
  'GET /api/chat/messages | no month of birth': rule('no one without a month of birth (403 `age_required`)', 'DDDD-'),
  'GET /api/chat/messages | team-managed': rule('no account limited to its teams (403 `team_managed`)', 'DDDD-'),

  'GET /api/blocks': rule('signed-in users: their own block list', 'DAAA-'),
  'PUT /api/blocks/:id': rule('signed-in users: a block of their own (not of themselves)', 'DAAA-'),
  'DELETE /api/blocks/:id': rule('signed-in users: a block of their own', 'DAAA-'),
};
