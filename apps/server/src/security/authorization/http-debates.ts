/** Who may use the routes of rounds: the queue, challenges, a round and its judge, ballots, and what a round keeps. */
import { PUBLIC, SIGNED_IN, rule, type TAccessRule } from './rules';

/** Rounds: the queue, challenges, the room, judges, ballots, links, messages, media checks. */
export const DEBATE_RULES: Record<string, TAccessRule> = {
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
  'GET /api/debates/partners': SIGNED_IN,
  'POST /api/debates/partner-links': rule('signed-in users, unless suspended', 'DAAA-'),
  'POST /api/debates/partner-links | team-managed': rule(
    'no account limited to its teams (403 `team_managed`)',
    'DDDD-',
  ),
  'GET /api/debates/partner-links/:token': rule('signed-in users with the link', 'DAAAA', 'the link’s maker'),
  'POST /api/debates/partner-links/:token/accept': rule(
    'signed-in users other than its maker (400), unless the two may not be partners (a block, ages, a ban or suspension: 403)',
    'DAAAD',
    'the link’s maker',
  ),
  'POST /api/debates/challenges': SIGNED_IN,
  'POST /api/debates/challenges | no month of birth': rule(
    'no one without a month of birth (403 `age_required`)',
    'DDDD-',
  ),
  'POST /api/debates/challenges | team-managed': rule('no account limited to its teams (403 `team_managed`)', 'DDDD-'),
  'GET /api/debates/challenges/:token': rule('signed-in users with the link', 'DAAAA', 'the challenger'),
  'POST /api/debates/challenges/:token/accept': rule(
    'signed-in users but the challenger and their partners, unless anyone seated is suspended (the seat rule; a ban revokes its maker’s links)',
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
};

/** What a round keeps: evidence, replay, recordings and flows. */
export const DEBATE_MATERIAL_RULES: Record<string, TAccessRule> = {
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
  'GET /api/debates/:id/team-flow': rule(
    'a debater of a side of two or more (their own team’s flow; not the other side or the judges)',
    'DDDDA',
    'a debater of a team of two',
  ),
  'PATCH /api/debates/:id/team-flow': rule(
    'a debater of a side of two or more (their own team’s flow; not the other side or the judges)',
    'DDDDA',
    'a debater of a team of two',
  ),
};
