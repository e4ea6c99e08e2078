/** The hosts' CSV exports of a tournament. */
import { type TDrawFlag, type TSessionUser } from '@resolved/shared';
import { toCsv } from '../../lib/csv';
import { outcomesOf } from '../results/results.service';
import { findUserNames } from '../users/users.service';
import * as repo from './tournaments.repository';
import { type TTournamentsDeps, db, requireManager } from './tournament-access';
import { presentDivision, listEntrantsOf } from './tournament-presenter';
import { standingsOf } from './tournament-tab';
import { bpRoomsCsv, bpStandingsCsv } from './tournament-bp-export';

/** The CSV exports a host downloads. */
export const TOURNAMENT_EXPORTS = ['entries', 'pairings', 'ballots', 'standings', 'speakers'] as const;
export type TTournamentExport = (typeof TOURNAMENT_EXPORTS)[number];

/** A file name from the tournament's name: lower case, dashes for anything but letters and digits. */
function fileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'tournament';
}

/**
 * One of the host's CSV exports (`lib/csv.ts`): the entries, every pairing, the ballots (confirmed results, with the
 * judge and the reason for decision), the standings or the speaker tab (a tournament of teams: each debater's own
 * points; no rows when each entrant debates alone), each division named. For the host and co-hosts only.
 */
export async function exportCsv(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  file: TTournamentExport,
): Promise<{ name: string; body: string }> {
  const { row } = await requireManager(deps, user, id);
  const divisions = new Map((await repo.listDivisions(db(deps), id)).map((d) => [d.id, presentDivision(d).name]));
  const divisionName = (divisionId: number) => divisions.get(divisionId) ?? '';
  const name = `${fileSlug(row.name)}-${file}.csv`;
  const entrants = await listEntrantsOf(deps, id);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const nameOf = (entrantId: number | null | undefined) =>
    entrantId === null || entrantId === undefined ? null : (byId.get(entrantId)?.displayName ?? null);

  if (file === 'entries') {
    return {
      name,
      body: toCsv(
        ['Entrant ID', 'Name', 'Division', 'Team', 'Withdrawn', 'Entered at'],
        entrants.map((e) => [e.id, e.displayName, divisionName(e.divisionId), e.teamName, e.isWithdrawn, e.enteredAt]),
      ),
    };
  }
  const isBp = row.formatId === 'bp';
  if (file === 'standings' && isBp) return { name, body: bpStandingsCsv(await standingsOf(deps, id)) };
  if ((file === 'pairings' || file === 'ballots') && isBp) {
    return { name, body: await bpRoomsCsv(deps, row, file, { entrant: nameOf, division: divisionName }) };
  }
  if (file === 'standings') {
    const rows = (await standingsOf(deps, id)).flatMap((division) =>
      division.standings.map((s) => [
        division.name,
        s.rank,
        s.entrantId,
        s.displayName,
        s.teamName,
        s.wins,
        s.losses,
        s.byes,
        s.speakerPoints,
        s.isHighLowDropped,
        s.opponentWins,
        s.isWithdrawn,
      ]),
    );
    const header = ['Division', 'Rank', 'Entrant ID', 'Name', 'Team', 'Wins', 'Losses', 'Byes', 'Speaker points'];
    return { name, body: toCsv([...header, 'High-low dropped', 'Opponents’ wins', 'Withdrawn'], rows) };
  }
  if (file === 'speakers') {
    const rows = (await standingsOf(deps, id)).flatMap((division) =>
      division.speakers.map((s) => [
        division.name,
        s.rank,
        s.displayName,
        nameOf(s.entrantId),
        s.speakerPoints,
        s.isHighLowDropped,
        s.averagePoints,
        s.rounds,
      ]),
    );
    const header = ['Division', 'Rank', 'Name', 'Team', 'Speaker points', 'High-low dropped', 'Average', 'Rounds'];
    return { name, body: toCsv(header, rows) };
  }
  const pairings = await repo.listPairings(db(deps), id);
  const outcomes = await outcomesOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const judgeNames = await findUserNames(db(deps), [
    ...new Set([...outcomes.values()].flatMap((o) => (o.judgeId === null ? [] : [o.judgeId]))),
  ]);
  const judgeOf = (debateId: number | null) => {
    const judgeId = debateId === null ? null : (outcomes.get(debateId)?.judgeId ?? null);
    return judgeId === null ? null : (judgeNames.get(judgeId) ?? 'Someone');
  };
  /** The winning entrant's name, from a confirmed result. */
  const winnerOf = (p: (typeof pairings)[number]) => {
    if (p.isBye && p.negEntrantId !== null) return nameOf(p.affEntrantId); // A walkover.
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!outcome?.isConfirmed) return null;
    const aff = byId.get(p.affEntrantId);
    return outcome.winnerId === aff?.userId ? nameOf(p.affEntrantId) : nameOf(p.negEntrantId);
  };
  /** A debate's status, or the bye's or a walkover's (who did not take part). */
  const statusOf = (p: (typeof pairings)[number]) => {
    if (p.isBye && p.negEntrantId !== null && (JSON.parse(p.flags) as TDrawFlag[]).includes('walkover_corrected')) {
      return `walkover corrected by a host: ${nameOf(p.negEntrantId)} did not go on`;
    }
    if (p.isBye) return p.negEntrantId === null ? 'bye' : `walkover: ${nameOf(p.negEntrantId)} did not take part`;
    return p.debateId === null ? null : (outcomes.get(p.debateId)?.status ?? null);
  };
  if (file === 'pairings') {
    return {
      name,
      body: toCsv(
        ['Round', 'Division', 'Pairing ID', 'Aff', 'Neg', 'Bye', 'Judge', 'Flags', 'Debate ID', 'Status', 'Winner'],
        pairings.map((p) => [
          p.number,
          divisionName(p.divisionId),
          p.id,
          p.isBye ? null : nameOf(p.affEntrantId),
          p.isBye ? null : nameOf(p.negEntrantId),
          p.isBye ? nameOf(p.affEntrantId) : null,
          judgeOf(p.debateId),
          (JSON.parse(p.flags) as TDrawFlag[]).join(' '),
          p.debateId,
          statusOf(p),
          winnerOf(p),
        ]),
      ),
    };
  }
  const ballots = pairings.flatMap((p) => {
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!outcome?.isConfirmed || p.isBye) return [];
    const aff = byId.get(p.affEntrantId);
    const neg = p.negEntrantId === null ? undefined : byId.get(p.negEntrantId);
    const points = (userId: string | undefined) => {
      const value = userId === undefined ? null : outcome.sidePointsOf(userId);
      return value === null ? null : value / 10;
    };
    return [
      [
        p.number,
        divisionName(p.divisionId),
        p.debateId,
        judgeOf(p.debateId),
        aff?.displayName,
        neg?.displayName,
        outcome.status,
        winnerOf(p),
        points(aff?.userId),
        points(neg?.userId),
        outcome.reason,
      ],
    ];
  });
  const header = ['Round', 'Division', 'Debate ID', 'Judge', 'Aff', 'Neg', 'Result', 'Winner', 'Aff points'];
  return { name, body: toCsv([...header, 'Neg points', 'Reason'], ballots) };
}
