/**
 * The release of a British Parliamentary tournament round (issue 41, item 4), in the release's transaction after its
 * claim (`tournament-release.ts`): each division's rooms of four teams — a preliminary round drawn by team points with
 * positions balanced (`drawBpRound`), an elimination round from the break or the rooms before it
 * (`planBpEliminationRooms`) — its judges from the pool (a chair and, with panels, two wings), and one BP room per draw
 * room opened through the one path every BP room takes (`openBpRoomIn`: every seat rule over all eight debaters and
 * the chair, the one-debate guards), each team in its drawn place.
 */
import { BP_BENCH_OF, BP_SIDES, bpFieldRefusal, drawBpRound, type TBpSide } from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refused } from '../../lib/errors';
import { lockKeys } from '../../lib/key-lock';
import { openBpRoomIn } from '../debates/bp-room';
import { seatPanels } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import { deleteQueueEntry, lockMatching } from '../matchmaking/queue.service';
import { drawResolutions } from '../motions/motions.service';
import { findCurrentTopic } from '../topics/topics.service';
import type { TTournamentsDeps } from './tournament-access';
import { bpRecordsOf, bpRoomsOf, bpTabSeed, planBpEliminationRooms, refuseWhileWaiting } from './tournament-bp-records';
import * as bpRepo from './tournament-bp.repository';
import { planJudges } from './tournament-judges';
import { roundMotion } from './tournament-judging';
import { panelSizeOf } from './tournament-panels';
import { memberIdsOf, type TTeams } from './tournament-teams';
import type { TEntrantRow, TTournamentRow } from './tournaments.tables';

/** Who is told of the release: each debater their room (by bench), each judge theirs. */
export interface TBpReleased {
  debaters: { userId: string; debateId: number; side: 'aff' | 'neg'; bpTeam: TBpSide }[];
  judged: { judgeId: string; debateId: number }[];
}

interface TPlannedRoom {
  roundId: number;
  teams: Record<TBpSide, TEntrantRow>;
  bracket: number;
}

/** Plans and opens every division's rooms of round `number`; refuses (rolling the claim back) when it cannot. */
export async function applyBpRelease(
  deps: TTournamentsDeps,
  trx: Kysely<DB>,
  input: {
    tournament: TTournamentRow;
    number: number;
    claimed: readonly { roundId: number; divisionId: number; seed: string }[];
    fields: ReadonlyMap<number, readonly TEntrantRow[]>;
    teams: TTeams;
    minors: ReadonlyMap<string, boolean>;
    everyone: readonly string[];
    nowMs: number;
    divisionName: (divisionId: number) => string;
  },
): Promise<TBpReleased> {
  const { tournament, number, teams } = input;
  const planned = await planRooms(trx, input);
  const membersOf = (room: TPlannedRoom) => BP_SIDES.flatMap((side) => memberIdsOf(teams, room.teams[side]));
  const debaters = planned.flatMap(membersOf);
  // As every release: queue sweeps (which seat the same people) wait, and every seat is locked.
  await lockMatching(rounds.debatesDb(trx), deps.database.engine, { isShared: true });
  await lockKeys(
    trx,
    deps.database.engine,
    debaters.map((userId) => `user:${userId}`),
  );
  const judges = await planJudges(trx, {
    tournamentId: tournament.id,
    roundNumber: number,
    // The judge rules read every debater of the room (a judge of any of the four teams' clubs, a conflict…).
    rooms: planned.map((room) => ({ aff: room.teams.og, neg: room.teams.oo, members: membersOf(room) })),
    minors: input.minors,
    entrantUserIds: [...input.everyone],
    nowMs: input.nowMs,
    panelSize: panelSizeOf(tournament, number),
  });
  await lockKeys(
    trx,
    deps.database.engine,
    judges.flat().map((userId) => `user:${userId}`),
  );
  const topic = await findCurrentTopic(trx);
  if (!topic) throw refused('no_topic');
  // The host's motion for the round is every room's; without one, each room draws a motion as practice rooms do.
  const motion = await roundMotion(trx, tournament.id, number);
  const drawn = motion === null ? await drawResolutions(trx, 'bp', planned.length, topic, deps.random) : [];
  const released: TBpReleased = { debaters: [], judged: [] };
  const rooms: bpRepo.TBpRoomInsert[] = [];
  const panels: { debateId: number; judgeIds: string[] }[] = [];
  for (const [index, room] of planned.entries()) {
    const judgeIds = judges[index] ?? [];
    const debateId = await openBpRoomIn(trx, deps, {
      kind: 'tournament',
      teams: BP_SIDES.map((side) => memberIdsOf(teams, room.teams[side])),
      isPlaced: true,
      resolution: motion ?? drawn[index]!.resolution,
      topicId: motion === null ? drawn[index]!.topicId : null,
      // A panel's chair is the round's judge; the panel's seats are `seatPanels`'.
      judgeId: judgeIds[0] ?? null,
      // The host's speech length (5 minutes for schools), else BP's seven.
      speechMinutes: tournament.speechMinutes === 5 ? 5 : 7,
    });
    rooms.push({
      roundId: room.roundId,
      teams: { og: room.teams.og.id, oo: room.teams.oo.id, cg: room.teams.cg.id, co: room.teams.co.id },
      debateId,
      bracket: room.bracket,
    });
    panels.push({ debateId, judgeIds });
    for (const side of BP_SIDES) {
      for (const userId of memberIdsOf(teams, room.teams[side])) {
        released.debaters.push({ userId, debateId, side: BP_BENCH_OF[side] === 'a' ? 'aff' : 'neg', bpTeam: side });
      }
    }
    released.judged.push(...judgeIds.map((judgeId) => ({ judgeId, debateId })));
  }
  for (const userId of debaters) await deleteQueueEntry(trx, userId);
  await bpRepo.insertBpRooms(trx, rooms);
  await seatPanels(rounds.debatesDb(trx), panels, nowIso());
  return released;
}

/** Each division's rooms: drawn (a preliminary round) or from the break (an elimination round). */
async function planRooms(trx: Kysely<DB>, input: Parameters<typeof applyBpRelease>[2]): Promise<TPlannedRoom[]> {
  const { tournament, number } = input;
  const all = await bpRoomsOf(trx, tournament.id);
  const planned: TPlannedRoom[] = [];
  for (const round of input.claimed) {
    const field = input.fields.get(round.divisionId) ?? [];
    if (field.length === 0) continue;
    const byId = new Map(field.map((e) => [String(e.id), e]));
    const entrant = (id: string) => {
      const e = byId.get(id);
      if (!e) {
        throw new AppError(
          'conflict',
          `A team of ${input.divisionName(round.divisionId)} that goes through can no longer take part: withdraw it or let its members sit again, then release the round.`,
        );
      }
      return e;
    };
    if (number > tournament.prelimRounds) {
      const rooms = planBpEliminationRooms({
        tournament,
        number,
        divisionId: round.divisionId,
        fieldIds: [...byId.keys()],
        all,
        seed: await bpTabSeed(trx, tournament.id, round.divisionId),
        divisionName: input.divisionName(round.divisionId),
      });
      for (const teams of rooms) {
        planned.push({ roundId: round.roundId, teams: mapTeams(teams, entrant), bracket: 0 });
      }
      continue;
    }
    const refusal = bpFieldRefusal([...byId.keys()]);
    if (refusal) throw new AppError('validation_failed', `${input.divisionName(round.divisionId)}: ${refusal}`);
    const { records, waiting } = bpRecordsOf(all, round.divisionId, number - 1);
    refuseWhileWaiting(number, waiting);
    const draw = drawBpRound({ teamIds: [...byId.keys()], rounds: records, seed: round.seed });
    for (const room of draw.rooms) {
      planned.push({ roundId: round.roundId, teams: mapTeams(room.teams, entrant), bracket: room.bracket });
    }
  }
  return planned;
}

const mapTeams = (
  teams: Record<TBpSide, string>,
  entrant: (id: string) => TEntrantRow,
): Record<TBpSide, TEntrantRow> => ({
  og: entrant(teams.og),
  oo: entrant(teams.oo),
  cg: entrant(teams.cg),
  co: entrant(teams.co),
});
