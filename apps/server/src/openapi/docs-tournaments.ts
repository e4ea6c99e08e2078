/** The OpenAPI page's entries of tournaments: hosting, entry, rounds, the tab, judges, schedule, corrections (`route-docs.ts`). */
import {
  ZAddCohostRequest,
  ZAddJudgeRequest,
  ZJudgeAvailabilityRequest,
  ZJudgeConflictsRequest,
  ZTournamentScheduleRequest,
  ZCreateTournamentRequest,
  ZEnterTournamentRequest,
  ZReplaceMemberRequest,
  ZTournamentPairingChange,
  ZTournamentRepairRequest,
  ZTournamentBpResultCorrection,
  ZTournamentBpRoomChange,
  ZTournamentResultCorrection,
} from '@resolved/shared';
import { json, created, noContent, type TRouteDoc } from './route-doc';

export const TOURNAMENT_ROUTE_DOCS: Record<string, TRouteDoc> = {
  'GET /api/tournaments': {
    tag: 'Tournaments',
    summary: 'The tournaments the signed-in user hosts, co-hosts, entered or was named in a team of.',
    ok: json('The tournaments.'),
  },
  'POST /api/tournaments': {
    tag: 'Tournaments',
    summary: 'Creates a tournament (an admin or a coach, its host).',
    body: ZCreateTournamentRequest,
    ok: created('The tournament.'),
  },
  'POST /api/tournaments/join/:code': {
    tag: 'Tournaments',
    summary: 'Enters a tournament with its join code.',
    body: ZEnterTournamentRequest,
    ok: created('The tournament and the entry.'),
  },
  'GET /api/tournaments/:id': {
    tag: 'Tournaments',
    summary: 'A tournament (anyone, visitors too, once its results are published).',
    ok: json('The tournament.'),
  },
  'POST /api/tournaments/:id/cohosts': {
    tag: 'Tournaments',
    summary: 'The host names a co-host.',
    body: ZAddCohostRequest,
    ok: json('The tournament.'),
  },
  'GET /api/tournaments/:id/entrants': {
    tag: 'Tournaments',
    summary: 'The entrants (withdrawn marked), for its hosts, entrants, their coaches, its judges and admins.',
    ok: json('The entrants.'),
  },
  'POST /api/tournaments/:id/entrants': {
    tag: 'Tournaments',
    summary: 'Enters the tournament (open entry, or the host’s teams), until the first round is released.',
    body: ZEnterTournamentRequest,
    ok: created('The tournament and the entry.'),
  },
  'DELETE /api/tournaments/:id/entrants/:entrantId': {
    tag: 'Tournaments',
    summary: 'Withdraws an entry (the entrant, or a host).',
    ok: noContent('Withdrawn.'),
  },
  'POST /api/tournaments/:id/entrants/:entrantId/confirm': {
    tag: 'Tournaments',
    summary: 'A partner named in a team confirms it; the team is drawn once every member has.',
    ok: noContent('Confirmed.'),
  },
  'PUT /api/tournaments/:id/entrants/:entrantId/members/:userId': {
    tag: 'Tournaments',
    summary: 'A host replaces a team member who cannot come (every rule read again; audited).',
    body: ZReplaceMemberRequest,
    ok: noContent('Replaced.'),
  },
  'GET /api/tournaments/:id/rounds': {
    tag: 'Tournaments',
    summary: 'Released rounds: all for hosts, own for entrants and judges; all once published, minors private.',
    ok: json('The rounds.'),
  },
  'GET /api/tournaments/:id/standings': {
    tag: 'Tournaments',
    summary: 'Each division’s tab: hosts and entrants; once published everyone, minors apart for outsiders.',
    ok: json('The standings.'),
  },
  'GET /api/tournaments/:id/bracket': {
    tag: 'Tournaments',
    summary: 'Each division’s elimination bracket and champion: hosts and entrants, everyone once published.',
    ok: json('The brackets (brackets-manager’s tables, participants named).'),
  },
  'GET /api/tournaments/:id/export/:file': {
    tag: 'Tournaments',
    summary: 'A host’s CSV export: entries.csv, pairings.csv, ballots.csv, standings.csv or speakers.csv.',
    ok: { status: 200, description: 'The CSV file (RFC 4180, UTF-8), as an attachment.', contentType: 'text/csv' },
  },
  'POST /api/tournaments/:id/publish': {
    tag: 'Tournaments',
    summary: 'A host publishes the results (standings and every pairing) to everyone.',
    ok: json('The tournament.'),
  },
  'GET /api/tournaments/:id/judges': {
    tag: 'Tournaments',
    summary: 'The judge pool: every judge for hosts, their own line for a judge.',
    ok: json('The judges.'),
  },
  'POST /api/tournaments/:id/judges': {
    tag: 'Tournaments',
    summary: 'A host names a judge of the pool.',
    body: ZAddJudgeRequest,
    ok: created('The judge pool.'),
  },
  'DELETE /api/tournaments/:id/judges/:userId': {
    tag: 'Tournaments',
    summary: 'A host takes a judge out of the pool.',
    ok: noContent('Removed.'),
  },
  'PUT /api/tournaments/:id/judges/:userId/conflicts': {
    tag: 'Tournaments',
    summary: 'The judge (or a host) declares the entrants the judge must never judge.',
    body: ZJudgeConflictsRequest,
    ok: json('The judge.'),
  },
  'PUT /api/tournaments/:id/rounds/:number/availability': {
    tag: 'Tournaments',
    summary: 'A judge of the pool says whether they can judge a round (elimination rounds too), until it is released.',
    body: ZJudgeAvailabilityRequest,
    ok: json('The judge.'),
  },
  'GET /api/tournaments/:id/schedule': {
    tag: 'Tournaments',
    summary: 'The schedule: each round’s start, check-in and automatic release; who checked in (hosts).',
    ok: json('The schedule.'),
  },
  'PUT /api/tournaments/:id/schedule': {
    tag: 'Tournaments',
    summary: 'A host sets the starts of rounds not yet released (in the future, increasing).',
    body: ZTournamentScheduleRequest,
    ok: json('The schedule.'),
  },
  'POST /api/tournaments/:id/check-in': {
    tag: 'Tournaments',
    summary: 'An entrant or judge checks in for the next round while its check-in is open.',
    ok: json('The schedule.'),
  },
  'POST /api/tournaments/:id/rounds/:number/release': {
    tag: 'Tournaments',
    summary: 'Releases a preliminary round’s draw, once; opens a round per pairing, its judge seated from the pool.',
    ok: created('The round.'),
  },
  'PATCH /api/tournaments/:id/pairings/:pairingId': {
    tag: 'Tournaments',
    summary: 'A host swaps a pairing’s sides or changes its judge, until its debate starts (audited).',
    body: ZTournamentPairingChange,
    ok: json('The round.'),
  },
  'POST /api/tournaments/:id/rounds/:number/repair': {
    tag: 'Tournaments',
    summary: 'A host re-pairs a released round none of whose debates has started: drawn again once (audited).',
    body: ZTournamentRepairRequest,
    ok: created('The round, drawn again.'),
  },
  'POST /api/tournaments/:id/pairings/:pairingId/corrections': {
    tag: 'Tournaments',
    summary:
      'A host corrects a confirmed result (winner, speaker points) or an elimination walkover (its winner) with a reason (audited).',
    body: ZTournamentResultCorrection,
    ok: created('The round.'),
  },
  'PATCH /api/tournaments/:id/bp-rooms/:roomId': {
    tag: 'Tournaments',
    summary:
      'A host seats another chair from the pool in a British Parliamentary room, until its debate starts (audited).',
    body: ZTournamentBpRoomChange,
    ok: json('The round.'),
  },
  'POST /api/tournaments/:id/bp-rooms/:roomId/corrections': {
    tag: 'Tournaments',
    summary:
      'A host corrects a judged British Parliamentary room: the four teams ranked again and the eight speakers’ points, with a reason (audited).',
    body: ZTournamentBpResultCorrection,
    ok: created('The round.'),
  },
  'GET /api/tournaments/:id/audit': {
    tag: 'Tournaments',
    summary: 'The hosts’ audit of corrections: who, when, before, after, why.',
    ok: json('The audit, newest first.'),
  },
};
