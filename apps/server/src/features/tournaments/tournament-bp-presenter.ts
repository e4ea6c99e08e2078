/**
 * A British Parliamentary tournament's released rounds as the rounds API returns them (issue 41, item 4): each round's
 * rooms of four teams by position, their panels (the chair first), the round's status and, once a room's ballot is in,
 * each team's place and points; the teams that forfeited, and each speaker with their points (the hosts' alone: a
 * correction starts from them; `listRounds` empties them for everyone else). Its `pairings` are none.
 */
import {
  BP_POSITIONS,
  BP_SIDES,
  isBpPosition,
  type TBpSide,
  type TTournamentBpRoom,
  type TTournamentBpSpeaker,
  type TTournamentEntrant,
  type TTournamentRound,
} from '@resolved/shared';
import { panelsOf } from '../debates/panels.service';
import { seatsOfRounds } from '../debates/rounds.service';
import { findUserNames } from '../users/users.service';
import { type TTournamentsDeps, db } from './tournament-access';
import { bpRoomsOf } from './tournament-bp-records';
import * as bpRepo from './tournament-bp.repository';
import { motionsByRound } from './tournament-judging';
import { entrantRefOf } from './tournament-teams';
import * as repo from './tournaments.repository';
import type { TTournamentRow } from './tournaments.tables';

export async function presentBpRounds(
  deps: TTournamentsDeps,
  tournament: TTournamentRow,
  entrants: readonly TTournamentEntrant[],
  ownEntrantId: number | undefined,
): Promise<TTournamentRound[]> {
  const [roundRows, all, motions] = await Promise.all([
    repo.listRounds(db(deps), tournament.id),
    bpRoomsOf(db(deps), tournament.id),
    motionsByRound(db(deps), tournament.id),
  ]);
  const rooms =
    ownEntrantId === undefined
      ? all.rooms
      : all.rooms.filter((room) => BP_SIDES.some((side) => room.teams[side] === ownEntrantId));
  const debateIds = rooms.flatMap((room) => (room.debateId === null ? [] : [room.debateId]));
  const [panels, forfeits, seats, points] = await Promise.all([
    panelsOf(db(deps), debateIds),
    bpRepo.bpForfeitsOf(db(deps), debateIds),
    seatsOfRounds(db(deps), debateIds),
    bpRepo.bpSpeakerPointsOf(db(deps), debateIds),
  ]);
  // A room of one judge has no panel: its judge is the round's.
  const panelOf = (debateId: number | null): string[] => {
    if (debateId === null) return [];
    const judgeId = all.outcomes.get(debateId)?.judgeId ?? null;
    return panels.get(debateId) ?? (judgeId === null ? [] : [judgeId]);
  };
  const names = await findUserNames(db(deps), [
    ...new Set([...rooms.flatMap((room) => panelOf(room.debateId)), ...seats.map((seat) => seat.userId)]),
  ]);
  const pointsOf = new Map(points.map((p) => [`${p.debateId}:${p.userId}`, p.points / 10]));
  // Each room's speakers in speaking order, with their points of record.
  const speakersOf = (debateId: number | null): TTournamentBpSpeaker[] =>
    seats
      .filter((seat) => seat.debateId === debateId && isBpPosition(seat.position))
      .map((seat) => ({
        userId: seat.userId,
        displayName: names.get(seat.userId) ?? 'Someone',
        position: seat.position as TTournamentBpSpeaker['position'],
        points: pointsOf.get(`${debateId}:${seat.userId}`) ?? null,
      }))
      .sort((a, b) => BP_POSITIONS.indexOf(a.position) - BP_POSITIONS.indexOf(b.position));
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const who = (entrantId: number) => {
    const e = byId.get(entrantId);
    return e ? entrantRefOf(e) : null;
  };
  const present = (room: (typeof rooms)[number]): TTournamentBpRoom => {
    const outcome = room.debateId === null ? undefined : all.outcomes.get(room.debateId);
    const result = outcome?.result ?? null;
    return {
      id: room.id,
      divisionId: room.divisionId,
      debateId: room.debateId,
      bracket: room.bracket,
      teams: Object.fromEntries(BP_SIDES.map((side) => [side, who(room.teams[side])])) as Record<
        TBpSide,
        ReturnType<typeof who>
      >,
      debateStatus: (outcome?.status ?? null) as TTournamentBpRoom['debateStatus'],
      panel: panelOf(room.debateId).map((userId) => ({
        userId,
        displayName: names.get(userId) ?? 'Someone',
      })),
      results: result
        ? (Object.fromEntries(
            BP_SIDES.map((side) => [side, { ...result[side], speakerPoints: result[side].speakerPoints / 10 }]),
          ) as TTournamentBpRoom['results'])
        : null,
      forfeits: (room.debateId === null ? undefined : forfeits.get(room.debateId)) ?? {},
      speakers: speakersOf(room.debateId),
    };
  };
  const numbers = [...new Set(roundRows.filter((r) => r.status !== 'draft').map((r) => r.number))];
  return numbers.map((number) => {
    const rows = roundRows.filter((r) => r.number === number);
    return {
      number,
      status: rows.every((r) => r.status === 'complete') ? 'complete' : 'released',
      releasedAt: rows[0]?.releasedAt ?? null,
      motion: motions.get(number) ?? null,
      pairings: [],
      unjudgedPairingIds: [],
      bpRooms: rooms.filter((room) => room.number === number).map(present),
    };
  });
}
