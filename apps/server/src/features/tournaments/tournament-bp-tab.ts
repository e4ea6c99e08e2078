/**
 * A British Parliamentary tournament's tab (issue 41, item 4), from its preliminary rooms' ranked ballots: the team tab
 * (`computeBpStandings`: team points, then total speaker points, then the seeded draw the break reads too; teams level
 * on both share the rank shown, as on the two-sided tab, and the CSV export carries it) and the speaker tab (each
 * debater's points over the rooms they spoke in, best total first). Points are stored in tenths and shown in points.
 */
import {
  computeBpStandings,
  type TTournamentDivisionStandings,
  type TTournamentEntrant,
  type TTournamentSpeakerRow,
} from '@resolved/shared';
import { findUserNames } from '../users/users.service';
import { type TTournamentsDeps, db } from './tournament-access';
import { bpRecordsOf, bpRoomsOf, bpTabSeed } from './tournament-bp-records';
import * as bpRepo from './tournament-bp.repository';
import { tabEntrantOf } from './tournament-teams';
import type { TDivisionRow, TTournamentRow } from './tournaments.tables';

export async function bpStandingsOf(
  deps: TTournamentsDeps,
  tournament: TTournamentRow,
  divisions: readonly { row: TDivisionRow; name: string }[],
  entrants: readonly TTournamentEntrant[],
): Promise<TTournamentDivisionStandings[]> {
  const all = await bpRoomsOf(db(deps), tournament.id);
  const prelims = all.rooms.filter((room) => room.number <= tournament.prelimRounds);
  const speakerRows = await bpRepo.bpSpeakerPointsOf(
    db(deps),
    prelims.flatMap((room) => (room.debateId === null ? [] : [room.debateId])),
  );
  const names = await findUserNames(db(deps), [...new Set(speakerRows.map((row) => row.userId))]);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const out: TTournamentDivisionStandings[] = [];
  for (const { row: division, name } of divisions) {
    const { records } = bpRecordsOf(all, division.id, tournament.prelimRounds);
    // A team whose partner never confirmed was never drawn: it is not on the tab.
    const field = entrants.filter((e) => e.divisionId === division.id && e.members.every((m) => m.isConfirmed));
    const seed = await bpTabSeed(db(deps), tournament.id, division.id);
    const standings = computeBpStandings(
      field.map((e) => String(e.id)),
      records,
      seed,
    ).map((s) => {
      const entrant = byId.get(Number(s.teamId))!;
      return {
        rank: s.rank,
        ...tabEntrantOf(entrant),
        wins: s.firsts,
        losses: s.rooms - s.firsts,
        byes: 0,
        speakerPoints: Math.round(s.speakerPoints) / 10,
        isHighLowDropped: false,
        opponentWins: 0,
        bp: { teamPoints: s.teamPoints, rooms: s.rooms, positions: s.positions },
      };
    });
    // Each debater's own points in this division's preliminary rooms, with the team they spoke for.
    const ownDebates = new Map(
      prelims
        .filter((room) => room.divisionId === division.id)
        .flatMap((room) => (room.debateId === null ? [] : [[room.debateId, room] as const])),
    );
    const totals = new Map<string, { entrantId: number; points: number; rounds: number }>();
    for (const row of speakerRows) {
      const room = ownDebates.get(row.debateId);
      if (!room) continue;
      const total = totals.get(row.userId) ?? { entrantId: room.teams[row.team], points: 0, rounds: 0 };
      total.points += row.points;
      total.rounds += 1;
      totals.set(row.userId, total);
    }
    const sorted = [...totals.entries()].sort(
      ([a, x], [b, y]) =>
        y.points - x.points || (names.get(a) ?? '').localeCompare(names.get(b) ?? '') || a.localeCompare(b),
    );
    const speakers: TTournamentSpeakerRow[] = [];
    sorted.forEach(([userId, total], index) => {
      const before = sorted[index - 1];
      const rank = before && before[1].points === total.points ? speakers[index - 1]!.rank : index + 1;
      speakers.push({
        rank,
        userId,
        displayName: names.get(userId) ?? 'Someone',
        entrantId: total.entrantId,
        speakerPoints: total.points / 10,
        isHighLowDropped: false,
        averagePoints: Math.round(total.points / total.rounds) / 10,
        rounds: total.rounds,
      });
    });
    const resultsCounted = records.reduce((sum, round) => sum + round.rooms.length, 0);
    out.push({ divisionId: division.id, name, resultsCounted, standings, privateEntrants: [], speakers });
  }
  return out;
}
