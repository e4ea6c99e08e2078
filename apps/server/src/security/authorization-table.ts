/**
 * Who may do what: every HTTP route and every client → server socket event, reviewed by hand.
 * `authorization-matrix.test.ts` checks each entry against the real app for each actor, and fails for a
 * route or event that has no entry here (a new route cannot ship unreviewed). docs/security.md's table is
 * rendered from this file (`npm run security:docs`).
 */
import type { TClientToServerEvents } from '@resolved/shared';

/**
 * `banned`: a signed-in account whose ban holds. The door treats it as a visitor: refused wherever a visitor is
 * (403 `account_banned` where a visitor gets 401), and, where a visitor is let in, let in as one.
 */
export const ACTORS = ['visitor', 'user', 'moderator', 'admin', 'owner', 'banned'] as const;
export type TActor = (typeof ACTORS)[number];
/**
 * `allow`: the request succeeds (for better-auth's endpoints: it gets past the session gate to its own checks);
 * `deny`: it is refused (401/403, or an effect that does not happen); `-`: the resource has no owner.
 */
export type TVerdict = 'allow' | 'deny' | '-';

export interface TAccessRule {
  /** Who may, in words (the docs column). */
  who: string;
  /** What "owner" means for this resource, when it has one. */
  owner?: string;
  verdicts: Record<TActor, TVerdict>;
}

function rule(who: string, code: string, owner?: string): TAccessRule {
  // One letter per actor, in ACTORS order: A allow, D deny, - no owner. `banned`, unless given, is the visitor's.
  const letter = { A: 'allow', D: 'deny', '-': '-' } as const;
  const letters = code.length < ACTORS.length ? `${code}${code[0]}` : code;
  const verdicts = Object.fromEntries(
    ACTORS.map((actor, i) => [actor, letter[letters[i] as keyof typeof letter]]),
  ) as Record<TActor, TVerdict>;
  return { who, verdicts, ...(owner ? { owner } : {}) };
}

const PUBLIC = rule('everyone', 'AAAA-');
const SIGNED_IN = rule('signed-in users', 'DAAA-');
const ADMIN = rule('admins', 'DDDA-');
const STAFF = rule('moderators and admins', 'DDAA-');
const HIDDEN = rule('no one (404: better-auth admin plugin endpoints are not exposed)', 'DDDD-');
const DOCS = rule('everyone (OpenAPI description of the public API)', 'AAAA-');

/** A door open to visitors that a banned account's session does not pass (it opens no account door but sign-out). */
function notBanned(r: TAccessRule): TAccessRule {
  return { ...r, who: `${r.who}; not a banned account’s session`, verdicts: { ...r.verdicts, banned: 'deny' } };
}

/**
 * HTTP routes, keyed `METHOD path` as Fastify registered them (`*` as the method: any method). A route may
 * have extra cases keyed `METHOD path | case`.
 */
export const HTTP_RULES: Record<string, TAccessRule> = {
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

  'GET /api/debates': PUBLIC,
  'GET /api/debates/record': SIGNED_IN,
  'GET /api/debates/ratings': PUBLIC,
  'GET /api/debates/queue': SIGNED_IN,
  'POST /api/debates/queue': rule('signed-in users, unless suspended or in a matchmaking cooldown', 'DAAA-'),
  'POST /api/debates/queue | no month of birth': rule('no one without a month of birth (403 `age_required`)', 'DDDD-'),
  'POST /api/debates/queue | team-managed': rule('no account limited to its teams (403 `team_managed`)', 'DDDD-'),
  'POST /api/debates/queue | in a matchmaking cooldown': rule(
    'no one in a cooldown after three left or missed rounds in a day (403 `playban`, with the time left)',
    'DDDD-',
  ),
  'DELETE /api/debates/queue': SIGNED_IN,
  'GET /api/debates/history': SIGNED_IN,
  'POST /api/debates/challenges': SIGNED_IN,
  'POST /api/debates/challenges | no month of birth': rule(
    'no one without a month of birth (403 `age_required`)',
    'DDDD-',
  ),
  'POST /api/debates/challenges | team-managed': rule('no account limited to its teams (403 `team_managed`)', 'DDDD-'),
  'GET /api/debates/challenges/:token': rule('signed-in users with the link', 'DAAAA', 'the challenger'),
  'POST /api/debates/challenges/:token/accept': rule(
    'signed-in users other than the challenger, unless either is suspended (the seat rule; a link is revoked by its maker’s ban or suspension)',
    'DAAAD',
    'the challenger',
  ),
  'POST /api/debates/challenges/:token/accept | team-managed': rule(
    'no account limited to its teams (403 `team_managed`)',
    'DDDDD',
    'the challenger',
  ),
  'POST /api/debates/challenges/:token/accept | a minor’s challenge': rule(
    'minors, and the challenger’s teammates (every actor here is an adult outside the team)',
    'DDDDD',
    'the challenger, 15',
  ),
  'GET /api/debates/:id': rule('signed-in users (spectators)', 'DAAAA', 'a debater'),
  'POST /api/debates/:id/clock': rule('the debaters (the judge: pause/resume)', 'DDDDA', 'the debater to speak'),
  'POST /api/debates/:id/judge': rule(
    'signed-in users other than the debaters, unless suspended',
    'DAAAD',
    'a debater',
  ),
  'POST /api/debates/:id/judge | no month of birth': rule(
    'no one without a month of birth (403 `age_required`)',
    'DDDD-',
  ),
  'POST /api/debates/:id/judge | team-managed': rule(
    'no account limited to its teams, outside its team’s rounds (403 `team_managed`)',
    'DDDD-',
  ),
  'POST /api/debates/:id/judge | a round with a minor': rule(
    'a minor, a coach of either debater’s team, moderators, admins and verified judges',
    'DDAAD',
    'a debater, 15',
  ),
  'PUT /api/debates/:id/spectator-watch': rule('the debaters, while the round is on', 'DDDDA', 'a debater'),
  'GET /api/debates/:id/tournament': rule(
    'signed-in users who may watch the round (the tag only to those who may see its tournament)',
    'DAAAA',
    'a debater',
  ),
  'POST /api/debates/:id/coin-flip': rule(
    'a Public Forum tournament round’s debaters, each in turn (the coin flip’s winner first), before its clock runs',
    'DDDDA',
    'the coin flip’s winner',
  ),
  'POST /api/debates/:id/judge-invites': rule('the debaters', 'DDDDA', 'a debater'),
  'POST /api/debates/:id/ballots': rule('the debate’s judge', 'DDDDA', 'the judge'),
  'POST /api/debates/:id/forfeit': rule(
    'the debaters, while the round is live (the Forfeit button: resigning, never a strike)',
    'DDDDA',
    'a debater',
  ),
  'PUT /api/debates/:id/external-link': rule('the debaters', 'DDDDA', 'a debater'),
  'GET /api/debates/:id/meeting-link': rule(
    'the debaters and the judge (a round spectators may not watch keeps it off its snapshot)',
    'DDDDA',
    'a debater',
  ),
  'POST /api/debates/:id/messages': rule('the debaters and the judge', 'DDDDA', 'a debater'),

  'GET /api/debates/progress': SIGNED_IN,
  'GET /api/media/check-servers': rule(
    'signed-in users (the connection check: TURN credentials of their own, good for ten minutes)',
    'DAAA-',
  ),

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
  'GET /api/tournaments/:id/audit': rule('the host and co-hosts', 'DDDDA', 'the host'),

  'GET /api/debates/:id/evidence': rule(
    'the debaters and the judge (signed-in spectators when the debaters allow)',
    'DDDDA',
    'a debater',
  ),
  'GET /api/debates/:id/evidence | a round with a minor': rule(
    'the debaters and the judge; spectators only once both debaters let them watch',
    'DDDDA',
    'a debater, 15',
  ),
  'POST /api/debates/:id/evidence/files': rule('the debaters and the judge, during the round', 'DDDDA', 'a debater'),
  'POST /api/debates/:id/evidence/notes': rule('the debaters and the judge, during the round', 'DDDDA', 'a debater'),
  'GET /api/debates/:id/evidence/:evidenceId/file': rule(
    'the debaters and the judge (signed-in spectators when the debaters allow)',
    'DDDDA',
    'a debater',
  ),
  'GET /api/debates/:id/evidence/:evidenceId/file | a round with a minor': rule(
    'the debaters and the judge; spectators only once both debaters let them watch',
    'DDDDA',
    'a debater, 15',
  ),
  'PUT /api/debates/:id/evidence/visibility': rule('the debaters', 'DDDDA', 'a debater'),
  'PUT /api/debates/:id/replay-privacy': rule('the debaters', 'DDDDA', 'a debater'),

  'GET /api/debates/:id/replay': rule(
    'signed-in users once the round is over (a team’s round: its team and participants)',
    'DAAAA',
    'a debater',
  ),
  'PUT /api/debates/:id/recording-consent': rule('the debaters, while the round is live', 'DDDDA', 'a debater'),
  'POST /api/debates/:id/recordings': rule('the debaters, once both agreed', 'DDDDA', 'a debater'),
  'GET /api/debates/:id/recordings': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'DELETE /api/debates/:id/recordings': rule('the debaters', 'DDDDA', 'a debater'),
  'GET /api/debates/:id/recordings/:recordingId/media': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'POST /api/debates/:id/recordings/:recordingId/chunks': rule('the debater recording it', 'DDDDA', 'the recorder'),
  'GET /api/debates/:id/flow': rule('the debaters and the judge (each their own flow)', 'DDDDA', 'a debater'),
  'PUT /api/debates/:id/flow': rule('the debaters and the judge (each their own flow)', 'DDDDA', 'a debater'),

  'POST /api/reports': rule('signed-in users (30 reports per 3 hours; never themselves)', 'DAAA-'),
  'GET /api/moderation/cases': STAFF,
  'GET /api/moderation/cases/:id': STAFF,
  'POST /api/moderation/cases/:id/claim': STAFF,
  'DELETE /api/moderation/cases/:id/claim': STAFF,
  'POST /api/moderation/cases/:id/actions': rule('moderators (on users only) and admins', 'DDAA-'),
  'POST /api/moderation/cases/:id/appeal-decision': rule('moderators (on users only) and admins', 'DDAA-'),
  'POST /api/moderation/users/:id/actions': rule('moderators (on users only) and admins', 'DDAA-'),
  'GET /api/moderation/files/:id': STAFF,
  'GET /api/moderation/log': rule('admins (all, filtered); moderators (their own actions only)', 'DDAA-'),
  'GET /api/notices': rule('signed-in users (their own notices)', 'DAAA-'),
  'POST /api/notices/read': rule('signed-in users (their own notices)', 'DAAA-'),
  'POST /api/ban-appeals': rule(
    'anyone holding the appeal token a sign-in refused for a ban answered with (once per ban; 5 a minute per IP)',
    'AAAA-',
  ),
  'POST /api/notices/:id/appeal': rule('the user the notice is for (once per action)', 'DDDDA', 'the actioned user'),

  'GET /api/motions': ADMIN,
  'POST /api/motions': ADMIN,
  'DELETE /api/motions/:id': ADMIN,

  'POST /api/auth/sign-in/email': rule('everyone (rate-limited per IP and per e-mail)', 'AAAA-'),
  'POST /api/auth/sign-up/email': rule('everyone (rate-limited per IP and per e-mail)', 'AAAA-'),
  'POST /api/auth/update-user': rule('signed-in users: their own display name only (the sign-up rules)', 'DAAA-'),
  '* /api/auth/admin/*': HIDDEN,
  'GET /api/auth/*': notBanned(rule('better-auth’s endpoints, each listed under /api/auth below', 'AAAA-')),
  'POST /api/auth/*': rule('better-auth’s endpoints, each listed under /api/auth below', 'AAAA-'),

  'GET /api/docs': DOCS,
  'GET /api/docs/json': DOCS,
  'GET /api/docs/yaml': DOCS,
  'GET /api/docs/static/index.html': DOCS,
  'GET /api/docs/static/swagger-initializer.js': DOCS,
  'HEAD /api/docs/': DOCS,
  'GET /api/docs/static/*': DOCS,
};

const AUTH_PUBLIC = rule('everyone', 'AAAA-');
const AUTH_SESSION = rule('signed-in users (their own account)', 'DAAA-');

/**
 * better-auth's endpoints behind `/api/auth/*` (listed from the auth instance). Our own sign-in/sign-up
 * routes above take precedence over better-auth's for those two paths.
 */
export const AUTH_ENDPOINT_RULES: Record<string, TAccessRule> = {
  'POST /api/auth/sign-in/social': notBanned(AUTH_PUBLIC),
  'GET /api/auth/callback/:id': notBanned(rule('everyone (checked against the OAuth state cookie)', 'AAAA-')),
  'POST /api/auth/callback/:id': notBanned(rule('everyone (checked against the OAuth state cookie)', 'AAAA-')),
  'GET /api/auth/get-session': notBanned(rule('everyone (a visitor gets null)', 'AAAA-')),
  'POST /api/auth/get-session': rule('no one (405: GET only)', 'DDDD-'),
  'POST /api/auth/sign-out': AUTH_PUBLIC,
  'POST /api/auth/sign-up/email': rule('everyone (our route above answers)', 'AAAA-'),
  'POST /api/auth/sign-in/email': rule('everyone (our route above answers)', 'AAAA-'),
  'POST /api/auth/reset-password': notBanned(
    rule('everyone with a reset token (none are sent: no mail is configured)', 'AAAA-'),
  ),
  'POST /api/auth/verify-password': AUTH_SESSION,
  'GET /api/auth/verify-email': notBanned(rule('everyone with a verification token', 'AAAA-')),
  'POST /api/auth/send-verification-email': notBanned(rule('everyone (no mail is configured)', 'AAAA-')),
  'POST /api/auth/change-email': AUTH_SESSION,
  'POST /api/auth/change-password': AUTH_SESSION,
  'POST /api/auth/update-session': AUTH_SESSION,
  'POST /api/auth/update-user': rule('signed-in users (our route above answers)', 'DAAA-'),
  'POST /api/auth/delete-user': rule('signed-in users: their own account, with its password', 'DAAA-'),
  'POST /api/auth/request-password-reset': notBanned(rule('everyone (no mail is configured)', 'AAAA-')),
  'GET /api/auth/reset-password/:token': notBanned(rule('everyone with a reset token', 'AAAA-')),
  'GET /api/auth/list-sessions': AUTH_SESSION,
  'POST /api/auth/revoke-session': AUTH_SESSION,
  'POST /api/auth/revoke-sessions': AUTH_SESSION,
  'POST /api/auth/revoke-other-sessions': AUTH_SESSION,
  'POST /api/auth/link-social': AUTH_SESSION,
  'GET /api/auth/list-accounts': AUTH_SESSION,
  'GET /api/auth/delete-user/callback': rule('no one (account deletion is not enabled)', 'DDDD-'),
  'POST /api/auth/unlink-account': AUTH_SESSION,
  'POST /api/auth/refresh-token': AUTH_SESSION,
  'POST /api/auth/get-access-token': AUTH_SESSION,
  'GET /api/auth/account-info': AUTH_SESSION,
  'GET /api/auth/ok': notBanned(AUTH_PUBLIC),
  'GET /api/auth/error': notBanned(AUTH_PUBLIC),
};

const DEBATER = rule('the debaters', 'DDDDA', 'a debater');
const SPEAKER = rule('the debater whose turn it is', 'DDDDA', 'the debater to speak');
const SFU_PUBLISHER = rule(
  'with a media server (JANUS_URL): the round’s debaters and judge, with their grant for it; without one: no one',
  'DDDD-',
);
const SFU_VIEWER = rule(
  'with a media server (JANUS_URL): spectators who may watch the round (not blocked, a minor’s only with both ' +
    'debaters’ leave, within SPECTATOR_LIMIT), with their grant for it; without one: no one',
  'DDDD-',
);

/** Client → server socket events. Keyed by the shared protocol, so a new event fails to compile until listed. */
/** Socket events, keyed by name; an event may have extra cases keyed `event | case`, as routes do. */
export const SOCKET_RULES: Record<keyof TClientToServerEvents, TAccessRule> &
  Partial<Record<`${keyof TClientToServerEvents} | ${string}`, TAccessRule>> = {
  ping: PUBLIC,
  'chat.join': SIGNED_IN,
  'chat.leave': rule('signed-in users in the chat', 'DAAA-'),
  'message.send': rule('signed-in users (new accounts post less often)', 'DAAA-'),
  'message.delete': rule('the author, moderators, admins', 'DDAAA', 'the message’s author'),
  'debate.join': rule('signed-in users (spectators)', 'DAAAA', 'a debater'),
  'debate.leave': rule('signed-in users in the debate room', 'DAAAA', 'a debater'),
  'debate.start_speech': SPEAKER,
  'debate.end_speech': SPEAKER,
  'debate.start_prep': DEBATER,
  'debate.end_prep': rule('the debater taking prep', 'DDDDA', 'the debater taking prep'),
  'debate.pause': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.resume': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.send_message': rule('the debaters and the judge', 'DDDDA', 'a debater'),
  'debate.offer_poi': rule('the other debater, in an open POI window of a Parliamentary speech', 'DDDD-'),
  'debate.answer_poi': rule('the debater speaking', 'DDDD-'),
  'debate.signal': rule('the debaters and judge; spectators watching, to them only', 'DDDDA', 'a debater'),
  'debate.signal | a round with a minor': rule(
    'spectators watching (every actor here) only once both debaters let them watch',
    'DDDD-',
  ),
  // The media server's requests carry the round's grant from `debate.join`, given only with JANUS_URL; the matrix
  // runs without one, so every actor is refused (features/sfu/sfu.test.ts checks each role against a real Janus).
  'sfu.publish': SFU_PUBLISHER,
  'sfu.unpublish': SFU_PUBLISHER,
  'sfu.feeds': SFU_VIEWER,
  'sfu.subscribe': SFU_VIEWER,
  'sfu.start': SFU_VIEWER,
  'sfu.leave': SFU_VIEWER,
};

/**
 * Socket events in a particular state, keyed `event | case` (the matrix puts the app in that state first). `user` is a
 * fresh account, so not an established one.
 */
export const SOCKET_CASE_RULES: Record<`${keyof TClientToServerEvents} | ${string}`, TAccessRule> = {
  'message.send | chat locked': rule(
    'established accounts (over 24 hours old, a completed round), moderators, admins',
    'DDAA-',
  ),
};

const symbol = { allow: '✅', deny: '⛔', '-': '—' } as const;

function renderRows(rules: Record<string, TAccessRule>, label: (key: string) => string): string[] {
  return Object.entries(rules).map(([key, r]) => {
    const cells = ACTORS.map((actor) => symbol[r.verdicts[actor]]);
    return `| ${label(key)} | ${r.who}${r.owner ? ` (owner: ${r.owner})` : ''} | ${cells.join(' | ')} |`;
  });
}

/** The Markdown tables for docs/security.md. */
export function renderAuthorizationTables(): string {
  const header = `| ${'Route'} | Who | ${ACTORS.join(' | ')} |\n|---|---|${ACTORS.map(() => ':-:').join('|')}|`;
  const code = (key: string) => `\`${key.replace(' | ', '` — ')}${key.includes(' | ') ? '' : '`'}`;
  return [
    '### HTTP routes',
    '',
    header,
    ...renderRows(HTTP_RULES, code),
    '',
    '### better-auth endpoints (behind `/api/auth/*`)',
    '',
    header,
    ...renderRows(AUTH_ENDPOINT_RULES, code),
    '',
    '### Socket events (client → server)',
    '',
    header.replace('Route', 'Event'),
    ...renderRows(SOCKET_RULES as Record<string, TAccessRule>, code),
    ...renderRows(SOCKET_CASE_RULES, code),
    '',
  ].join('\n');
}
