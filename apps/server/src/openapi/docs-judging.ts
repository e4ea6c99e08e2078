/** OpenAPI entries of judges' paradigms, judge obligations, the judges coaches bring and Parli motions per round. */
import { ZAddTeamJudgeRequest, ZJudgeObligationRequest, ZParadigmRequest, ZRoundMotionRequest } from '@resolved/shared';
import { created, json, noContent, type TRouteDoc } from './route-doc';

export const JUDGING_ROUTE_DOCS: Record<string, TRouteDoc> = {
  'GET /api/users/me/paradigm': {
    tag: 'Users',
    summary: 'The account’s own judge’s paradigm, as written.',
    ok: json('The paradigm (null: none).'),
  },
  'PUT /api/users/me/paradigm': {
    tag: 'Users',
    summary: 'Writes (or, empty, clears) the account’s paradigm: 18 and over, screened by the text filter.',
    body: ZParadigmRequest,
    ok: json('The paradigm stored.'),
  },
  'GET /api/users/:id/paradigm': {
    tag: 'Users',
    summary:
      'A judge’s paradigm as debaters read it (null: none, a judge under 18, or a profile the caller may not see).',
    ok: json('The paradigm.'),
  },
  'PUT /api/tournaments/:id/judge-obligation': {
    tag: 'Tournaments',
    summary: 'A host sets the judge obligation: each team owes one judge per this many of its entrants (null: none).',
    body: ZJudgeObligationRequest,
    ok: json('The tournament.'),
  },
  'GET /api/tournaments/:id/judge-obligations': {
    tag: 'Tournaments',
    summary: 'Judges each team owes and has brought: every team for hosts, their own teams for coaches.',
    ok: json('The obligations.'),
  },
  'GET /api/tournaments/judges-owed': {
    tag: 'Tournaments',
    summary: 'The judges the caller’s coached teams still owe, per tournament not over (empty for a non-coach).',
    ok: json('The obligations not met.'),
  },
  'GET /api/tournaments/:id/team-judges': {
    tag: 'Tournaments',
    summary: 'A coach’s teams with entrants: their judges in the pool and the members the coach may still bring.',
    ok: json('The coach’s teams.'),
  },
  'POST /api/tournaments/:id/team-judges': {
    tag: 'Tournaments',
    summary: 'A coach brings an adult member of their team (with entrants) to the judge pool, judging for it.',
    body: ZAddTeamJudgeRequest,
    ok: created('The coach’s teams.'),
  },
  'DELETE /api/tournaments/:id/team-judges/:userId': {
    tag: 'Tournaments',
    summary: 'A coach takes out of the pool a judge they brought.',
    ok: noContent('Taken out.'),
  },
  'GET /api/tournaments/:id/paradigms': {
    tag: 'Tournaments',
    summary: 'The judge pool’s names, teams and paradigms, for hosts, entrants, judges and entrants’ coaches.',
    ok: json('The judges.'),
  },
  'GET /api/tournaments/:id/motions': {
    tag: 'Tournaments',
    summary: 'The motions per round: every one for hosts, those of released rounds for others.',
    ok: json('The motions.'),
  },
  'PUT /api/tournaments/:id/rounds/:number/motion': {
    tag: 'Tournaments',
    summary: 'A host sets a Parli round’s motion, until the round is released.',
    body: ZRoundMotionRequest,
    ok: json('The motion.'),
  },
};
