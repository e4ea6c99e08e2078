/** Who may use the routes of tournaments: hosting, entry, rounds, the tab, judges, schedule and corrections. */
import { SIGNED_IN, rule, type TAccessRule } from './rules';

/** Tournaments (`METHOD path`, with `| case` keys). */
export const TOURNAMENT_RULES: Record<string, TAccessRule> = {
  'GET /api/tournaments': SIGNED_IN,
  'POST /api/tournaments': rule('admins and team coaches (the host)', 'DDDAA', 'a coach of a team'),
  'POST /api/tournaments/join/:code': rule('signed-in users with the code (not its hosts)', 'DAAA-'),
  'GET /api/tournaments/:id': rule(
    'its hosts, entrants and admins; members of its teams (entry by teams); signed-in users (open entry)',
    'DDDAA',
    'the host',
  ),
  'GET /api/tournaments/:id | open entry': rule('signed-in users', 'DAAA-'),
  'POST /api/tournaments/:id/cohosts': rule('the host', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/entrants': rule('its hosts, entrants, their coaches, judges; admins', 'DDDAA', 'the host'),
  'GET /api/tournaments/:id/entrants | published': rule('as before it was published', 'DDDAA', 'the host'),
  'POST /api/tournaments/:id/entrants': rule(
    'signed-in users (open entry; members of its teams for entry by teams); once each, until the first round',
    'DAAA-',
  ),
  'DELETE /api/tournaments/:id/entrants/:entrantId': rule('the entrant and the hosts', 'DDDDA', 'the entrant'),
  'POST /api/tournaments/:id/entrants/:entrantId/confirm': rule(
    'a partner named in the team (a tournament of teams)',
    'DDDDA',
    'the partner',
  ),
  'PUT /api/tournaments/:id/entrants/:entrantId/members/:userId': rule(
    'the host and co-hosts (audited)',
    'DDDDA',
    'the host',
  ),
  'GET /api/tournaments/:id | published': rule('everyone (the results are published)', 'AAAA-'),
  'GET /api/tournaments/:id/rounds': rule('the hosts (all), entrants and judges (their own)', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/rounds | published': rule('everyone (minors private to outsiders)', 'AAAA-'),
  'GET /api/tournaments/:id/standings': rule('the hosts and entrants', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/standings | published': rule('everyone (minors private to outsiders)', 'AAAA-'),
  'GET /api/tournaments/:id/bracket': rule('the hosts and entrants', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/bracket | published': rule('everyone', 'AAAA-'),
  'GET /api/tournaments/:id/export/:file': rule('the host and co-hosts', 'DDDDA', 'the host'),
  'POST /api/tournaments/:id/publish': rule('the host and co-hosts, once, after the first round', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/judges': rule(
    'the hosts (every judge) and the pool’s judges (their own)',
    'DDDDA',
    'the host',
  ),
  'POST /api/tournaments/:id/judges': rule('the host and co-hosts', 'DDDDA', 'the host'),
  'DELETE /api/tournaments/:id/judges/:userId': rule('the host and co-hosts', 'DDDDA', 'the host'),
  'PUT /api/tournaments/:id/judges/:userId/conflicts': rule('the judge and the hosts', 'DDDDA', 'the judge'),
  'PUT /api/tournaments/:id/rounds/:number/availability': rule(
    'judges of the pool (their own), until the round is released',
    'DDDDA',
    'a judge of the pool',
  ),
  'PUT /api/tournaments/:id/judge-obligation': rule('the host and co-hosts', 'DDDDA', 'the host'),
  'GET /api/tournaments/:id/judge-obligations': rule(
    'as the tournament itself: the hosts see every team, coaches of an entrant’s team their own, others none',
    'DDDAA',
    'a coach of an entrant’s team',
  ),
  'GET /api/tournaments/judges-owed': rule(
    'signed-in users: the judges their own coached teams still owe (empty for anyone else)',
    'DAAA-',
  ),
  'GET /api/tournaments/:id/team-judges': rule(
    'coaches of a team with entrants in it: their own teams’ judges and members',
    'DDDDA',
    'a coach of an entrant’s team',
  ),
  'POST /api/tournaments/:id/team-judges': rule(
    'coaches of a team with entrants in it, bringing their own team’s adult members',
    'DDDDA',
    'a coach of an entrant’s team',
  ),
  'DELETE /api/tournaments/:id/team-judges/:userId': rule(
    'the coach who brought the judge (the hosts take out anyone through the pool)',
    'DDDDA',
    'the coach who brought the judge',
  ),
  'GET /api/tournaments/:id/paradigms': rule(
    'the hosts, entrants, judges of the pool and coaches of an entrant’s team',
    'DDDDA',
    'an entrant',
  ),
  'GET /api/tournaments/:id/motions': rule(
    'as the tournament itself: hosts see every motion, others only released rounds’',
    'DDDAA',
    'the host',
  ),
  'PUT /api/tournaments/:id/rounds/:number/motion': rule(
    'the host and co-hosts (Parli), until the round is released',
    'DDDDA',
    'the host',
  ),
  'GET /api/tournaments/:id/schedule': rule('as the tournament itself', 'DDDAA', 'the host'),
  'PUT /api/tournaments/:id/schedule': rule('the host and co-hosts, rounds not yet released', 'DDDDA', 'the host'),
  'POST /api/tournaments/:id/check-in': rule(
    'its active entrants and judges of its pool, while check-in is open',
    'DDDDA',
    'an entrant',
  ),
  'POST /api/tournaments/:id/rounds/:number/release': rule(
    'the host and co-hosts, once per round',
    'DDDDA',
    'the host',
  ),
  'PATCH /api/tournaments/:id/pairings/:pairingId': rule(
    'the host and co-hosts, until the debate starts',
    'DDDDA',
    'the host',
  ),
  'POST /api/tournaments/:id/rounds/:number/repair': rule(
    'the host and co-hosts, until a debate of the round starts',
    'DDDDA',
    'the host',
  ),
  'POST /api/tournaments/:id/pairings/:pairingId/corrections': rule(
    'the host and co-hosts, for a confirmed result, with a reason',
    'DDDDA',
    'the host',
  ),
  'PATCH /api/tournaments/:id/bp-rooms/:roomId': rule(
    'the host and co-hosts, until the room’s debate starts',
    'DDDDA',
    'the host',
  ),
  'POST /api/tournaments/:id/bp-rooms/:roomId/corrections': rule(
    'the host and co-hosts, for a judged British Parliamentary room, with a reason',
    'DDDDA',
    'the host',
  ),
  'GET /api/tournaments/:id/audit': rule('the host and co-hosts', 'DDDDA', 'the host'),
};
