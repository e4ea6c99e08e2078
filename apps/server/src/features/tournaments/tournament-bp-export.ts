/**
 * A British Parliamentary tournament's CSV exports (issue 41, item 4) where they differ from two sides': the team tab
 * (team points, speaker points, rooms, firsts), the rooms (four teams by position, the panel, each team's place) and
 * the ballots (one line per team of each judged room, with the chair and the reason). The entries and the speaker tab
 * are every tournament's (`tournament-export.ts`).
 */
import { BP_SIDES, BRITISH_PARLIAMENTARY, type TBpSide, type TTournamentDivisionStandings } from '@resolved/shared';
import { toCsv } from '../../lib/csv';
import { panelsOf } from '../debates/panels.service';
import { findUserNames } from '../users/users.service';
import { type TTournamentsDeps, db } from './tournament-access';
import { bpRoomsOf } from './tournament-bp-records';
import * as bpRepo from './tournament-bp.repository';
import type { TTournamentRow } from './tournaments.tables';

const PLACE = ['1st', '2nd', '3rd', '4th'];
const teamName = (side: TBpSide) => BRITISH_PARLIAMENTARY.sides[side];

export function bpStandingsCsv(divisions: readonly TTournamentDivisionStandings[]): string {
  const rows = divisions.flatMap((division) =>
    division.standings.map((s) => [
      division.name,
      s.rank,
      s.entrantId,
      s.displayName,
      s.teamName,
      s.bp?.teamPoints ?? null,
      s.speakerPoints,
      s.bp?.rooms ?? null,
      s.wins,
      s.isWithdrawn,
    ]),
  );
  const header = ['Division', 'Rank', 'Entrant ID', 'Name', 'Team', 'Team points', 'Speaker points', 'Rooms'];
  return toCsv([...header, 'Firsts', 'Withdrawn'], rows);
}

/** The rooms (`pairings`) or the ranked ballots (`ballots`) of every released round. */
export async function bpRoomsCsv(
  deps: TTournamentsDeps,
  tournament: TTournamentRow,
  file: 'pairings' | 'ballots',
  names: { entrant: (entrantId: number) => string | null; division: (divisionId: number) => string },
): Promise<string> {
  const all = await bpRoomsOf(db(deps), tournament.id);
  const debateIds = all.rooms.flatMap((room) => (room.debateId === null ? [] : [room.debateId]));
  const [panels, ballots] = await Promise.all([panelsOf(db(deps), debateIds), bpRepo.bpBallotsOf(db(deps), debateIds)]);
  const judgesOf = (debateId: number | null): string[] => {
    if (debateId === null) return [];
    const chair = all.outcomes.get(debateId)?.judgeId ?? null;
    return panels.get(debateId) ?? (chair === null ? [] : [chair]);
  };
  const people = await findUserNames(db(deps), [
    ...new Set([
      ...debateIds.flatMap(judgesOf),
      ...[...ballots.values()].flatMap((b) => (b.judgeId ? [b.judgeId] : [])),
    ]),
  ]);
  const person = (userId: string | null | undefined) => (userId ? (people.get(userId) ?? 'Someone') : null);
  if (file === 'pairings') {
    const rows = all.rooms.map((room) => {
      const outcome = room.debateId === null ? undefined : all.outcomes.get(room.debateId);
      const [chair, ...wings] = judgesOf(room.debateId);
      const placed = (rank: number) => {
        const side = BP_SIDES.find((s) => outcome?.result?.[s].rank === rank);
        return side ? names.entrant(room.teams[side]) : null;
      };
      return [
        room.number,
        names.division(room.divisionId),
        room.id,
        ...BP_SIDES.map((side) => names.entrant(room.teams[side])),
        person(chair),
        wings.map((w) => person(w)).join('; '),
        room.debateId,
        outcome?.status ?? null,
        ...[1, 2, 3, 4].map(placed),
      ];
    });
    const header = ['Round', 'Division', 'Room ID', ...BP_SIDES.map(teamName), 'Chair', 'Wings', 'Debate ID', 'Status'];
    return toCsv([...header, ...PLACE], rows);
  }
  const rows = all.rooms.flatMap((room) => {
    const outcome = room.debateId === null ? undefined : all.outcomes.get(room.debateId);
    const ballot = room.debateId === null ? undefined : ballots.get(room.debateId);
    if (!outcome?.result || !ballot) return [];
    return BP_SIDES.map((side) => [
      room.number,
      names.division(room.divisionId),
      room.debateId,
      person(ballot.judgeId),
      teamName(side),
      names.entrant(room.teams[side]),
      PLACE[outcome.result![side].rank - 1],
      outcome.result![side].teamPoints,
      outcome.result![side].speakerPoints / 10,
      ballot.isLowPointWin,
      ballot.reason,
    ]);
  });
  const header = ['Round', 'Division', 'Debate ID', 'Chair', 'Position', 'Team', 'Place', 'Team points'];
  return toCsv([...header, 'Speaker points', 'Low-point win', 'Reason'], rows);
}
