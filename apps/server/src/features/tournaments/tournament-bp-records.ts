/**
 * What a British Parliamentary tournament's draw, tab and break read of its rooms (issue 41, item 4): each round's
 * decided rooms as the pure core reads them (`TBpRoundRecord`), the break's rooms and the elimination rooms after it,
 * and whether the tournament is over. A room counts once its ranked ballot is in (each team's place and points); a
 * room whose round was abandoned counts for no one; any other room still waits, and keeps the next round from being
 * drawn.
 */
import {
  assignBpBracket,
  bpBreakRooms,
  bpNextEliminationRooms,
  bpPositionCounts,
  computeBpStandings,
  roundName,
  type TBpRoundRecord,
  type TBpSide,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as bpRepo from './tournament-bp.repository';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';

/** Every room of the tournament with its debate's status and, once judged, its result. */
export interface TBpRooms {
  rooms: bpRepo.TBpRoomRow[];
  outcomes: Map<number, bpRepo.TBpDebateOutcome>;
}

export async function bpRoomsOf(db: Kysely<DB>, tournamentId: number): Promise<TBpRooms> {
  const rooms = await bpRepo.listBpRooms(db, tournamentId);
  const outcomes = await bpRepo.bpOutcomesOf(
    db,
    rooms.flatMap((room) => (room.debateId === null ? [] : [room.debateId])),
  );
  return { rooms, outcomes };
}

/** Whether a room counts: decided (its ballot in), or abandoned (it counts for no one). */
export function isRoomSettled(all: TBpRooms, room: bpRepo.TBpRoomRow): boolean {
  const outcome = room.debateId === null ? undefined : all.outcomes.get(room.debateId);
  return outcome?.result != null || outcome?.status === 'abandoned';
}

/** A division's rounds `1..last` as the core reads them, from decided rooms; `waiting`: rooms without a result yet. */
export function bpRecordsOf(
  all: TBpRooms,
  divisionId: number,
  last: number,
): { records: TBpRoundRecord[]; waiting: number } {
  const records: TBpRoundRecord[] = [];
  let waiting = 0;
  for (let number = 1; number <= last; number++) {
    const rooms = [];
    for (const room of all.rooms.filter((r) => r.number === number && r.divisionId === divisionId)) {
      const result = room.debateId === null ? null : (all.outcomes.get(room.debateId)?.result ?? null);
      if (!result) {
        if (!isRoomSettled(all, room)) waiting++;
        continue;
      }
      rooms.push({
        teams: mapSides((side) => String(room.teams[side])),
        ranks: mapSides((side) => result[side].rank),
        speakerPoints: mapSides((side) => result[side].speakerPoints),
        // A forfeit's 0, whatever its place (the ranks alone would give a third-placed forfeit a point).
        teamPoints: mapSides((side) => result[side].teamPoints),
      });
    }
    records.push({ rooms });
  }
  return { records, waiting };
}

const mapSides = <T>(f: (side: TBpSide) => T): Record<TBpSide, T> => ({
  og: f('og'),
  oo: f('oo'),
  cg: f('cg'),
  co: f('co'),
});

/** The tie-break seed of a division's tab: its first round's draw seed (the tab and the break read the same one). */
export async function bpTabSeed(db: Kysely<DB>, tournamentId: number, divisionId: number): Promise<string> {
  const round = (await repo.listRounds(db, tournamentId)).find((r) => r.divisionId === divisionId && r.number === 1);
  return round?.seed ?? String(divisionId);
}

/** Refuses the next round while a room of the rounds before it has no result. */
export function refuseWhileWaiting(number: number, waiting: number): void {
  if (waiting === 0) return;
  throw new AppError(
    'conflict',
    `Round ${number - 1} is not over: ${waiting} ${waiting === 1 ? 'room has' : 'rooms have'} no result yet. The next draw is made from the ballots in.`,
  );
}

/**
 * The rooms of elimination round `number` of a division, each team's place balanced over its positions so far: the
 * break (the tab's top `breakSize`, seeded into rooms `bpBreakRooms`) for the first; for a later one, the first and
 * second of each room of the round before (`bpNextEliminationRooms`).
 */
export function planBpEliminationRooms(input: {
  tournament: Pick<TTournamentRow, 'prelimRounds' | 'breakSize' | 'formatId'>;
  number: number;
  divisionId: number;
  fieldIds: readonly string[];
  all: TBpRooms;
  seed: string;
  divisionName: string;
}): Record<TBpSide, string>[] {
  const { tournament, number, all, divisionId } = input;
  const { records, waiting } = bpRecordsOf(all, divisionId, number - 1);
  refuseWhileWaiting(number, waiting);
  let groups: string[][];
  if (number === tournament.prelimRounds + 1) {
    if (tournament.breakSize > input.fieldIds.length) {
      throw new AppError(
        'validation_failed',
        `The break (${tournament.breakSize}) is larger than the field of ${input.divisionName} (${input.fieldIds.length} still in the tournament).`,
      );
    }
    const standings = computeBpStandings(input.fieldIds, records.slice(0, tournament.prelimRounds), input.seed);
    groups = bpBreakRooms(standings.slice(0, tournament.breakSize).map((s) => s.teamId));
  } else {
    const before = all.rooms.filter((r) => r.number === number - 1 && r.divisionId === divisionId);
    const advanced = before.map((room) => {
      const result = room.debateId === null ? null : (all.outcomes.get(room.debateId)?.result ?? null);
      if (!result) {
        throw new AppError(
          'conflict',
          `${roundName(number - 1, tournament)} has a room without a result: no team can go through from it.`,
        );
      }
      const byRank = (rank: number) =>
        String(room.teams[(['og', 'oo', 'cg', 'co'] as const).find((s) => result[s].rank === rank)!]);
      return [byRank(1), byRank(2)] as const;
    });
    groups = bpNextEliminationRooms(advanced);
  }
  const counts = bpPositionCounts(records);
  return groups.map((teams) => assignBpBracket(teams, counts, 0)[0]!.teams);
}

/** Whether round `number`'s rooms are all settled (every division's), and there is at least one. */
export function areBpRoomsIn(all: TBpRooms, number: number): boolean {
  const rooms = all.rooms.filter((r) => r.number === number);
  return rooms.length > 0 && rooms.every((room) => isRoomSettled(all, room));
}
