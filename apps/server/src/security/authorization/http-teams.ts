/** Who may use the routes of teams: joining, members, a coach’s rounds and progress. */
import { SIGNED_IN, rule, type TAccessRule } from './rules';

/** Teams (`METHOD path`, with `| case` keys). */
export const TEAM_RULES: Record<string, TAccessRule> = {
  'GET /api/teams': SIGNED_IN,
  'POST /api/teams': SIGNED_IN,
  'POST /api/teams | a slur in its name': rule(
    'no one, whoever writes it: the text filter refuses a slur (400 `text_refused`)',
    'DDDD-',
  ),
  'GET /api/teams/rounds/mine': SIGNED_IN,
  'GET /api/teams/join/:code': rule('everyone with the code (300 tries per 15 minutes per address)', 'AAAA-'),
  'POST /api/teams/join/:code': rule('signed-in users with the code', 'DAAAA', 'a coach of the team'),
  'GET /api/teams/:id': rule('signed-in users (outsiders: its name only)', 'DAAAA', 'a coach of the team'),
  'PUT /api/teams/:id': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'POST /api/teams/:id/join-code': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'PUT /api/teams/:id/join-approval': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'POST /api/teams/:id/members/:userId/approve': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'POST /api/teams/:id/members/:userId/decline': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'PATCH /api/teams/:id/members/:userId': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
  'DELETE /api/teams/:id/members/:userId': rule(
    'the team’s coaches (a member: themselves, leaving)',
    'DDDDA',
    'a coach of the team',
  ),
  'DELETE /api/teams/:id/members/:userId | team-managed, last team': rule(
    'a team-managed member never leaves its last team itself (403 `team_managed`); a coach removes it',
    'DDDDD',
    'the team-managed member',
  ),
  'GET /api/teams/:id/members/:userId/progress': rule(
    'the team’s coaches (a member: their own)',
    'DDDDA',
    'a coach of the team',
  ),
  'GET /api/teams/:id/rounds': rule('the team’s members', 'DDDDA', 'a coach of the team'),
  'GET /api/teams/:id/rounds | pending member': rule(
    'not someone waiting for approval to join (403)',
    'DDDDD',
    'someone waiting to join the team',
  ),
  'POST /api/teams/:id/rounds': rule(
    'the team’s coaches; no one suspended or banned is seated (409 `seat_unavailable`)',
    'DDDDA',
    'a coach of the team',
  ),
  'DELETE /api/teams/:id/rounds/:debateId': rule('the team’s coaches', 'DDDDA', 'a coach of the team'),
};
