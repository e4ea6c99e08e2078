/**
 * A host's change to a British Parliamentary room before its debate starts: another chair from the pool. A chair
 * who never came, with no standby left at the end of the grace period, is unseated (tournament-standbys.ts), and the
 * room then waits for a ballot nobody can give: the host seats another judge here, under the release's rules (the
 * pool, availability, conflicts with any of the eight debaters or their teams, the minors' door, not another room
 * of the round). The teams' positions are the draw's balance and are not swapped one room at a time: a host re-pairs
 * the round instead (`repairRound`).
 */
import {
  BP_SIDES,
  REALTIME_ROOMS,
  roundName,
  type TSessionUser,
  type TTournamentBpRoomChange,
  type TTournamentRound,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { lockKeys, withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import { panelJudgeIdsOf } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import { lockKey, requireManager, type TTournamentsDeps } from './tournament-access';
import { bpRoomsOf } from './tournament-bp-records';
import { emitChanged } from './tournament-events';
import { namesOf, presentedRound } from './tournament-host';
import * as hostRepo from './tournament-host.repository';
import { judgeSeatRefusal } from './tournament-judges';
import { memberIdsOf, teamsOf } from './tournament-teams';
import * as repo from './tournaments.repository';

export async function changeBpRoom(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  roomId: number,
  change: TTournamentBpRoomChange,
): Promise<TTournamentRound> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const nowMs = deps.now ? deps.now() : Date.now();
  const changed = await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const all = await bpRoomsOf(trx, id);
    const room = all.rooms.find((r) => r.id === roomId);
    if (!room) throw new AppError('not_found', 'Unknown room.');
    const started = new AppError(
      'conflict',
      `Round ${room.number}’s debate has started: its judge can no longer change.`,
    );
    if (room.debateId === null) throw new AppError('conflict', 'This room was called off.');
    const debateId = room.debateId;
    const tx = rounds.debatesDb(trx);
    const debate = await rounds.findDebate(tx, debateId);
    if (!debate || debate.status !== 'live' || Number(debate.clockVersion) > 0) throw started;
    const { judgeId } = change;
    const nameOf = await namesOf(trx, [debate.judgeId, judgeId]);
    if (judgeId === debate.judgeId) {
      throw new AppError(
        'conflict',
        judgeId === null ? 'This room has no judge already.' : `${nameOf(judgeId)} judges this room already.`,
      );
    }
    // A panel keeps its chair: unseated, its wings would have nobody to give the ballot.
    if (judgeId === null && (await panelJudgeIdsOf(trx, debateId)).length > 0) {
      throw new AppError('conflict', 'A panel’s chair can be replaced by another judge, not removed.');
    }
    if (judgeId !== null) {
      await lockKeys(trx, deps.database.engine, [`user:${judgeId}`]);
      const otherRoomJudgeIds: string[] = [];
      for (const other of all.rooms) {
        if (other.number !== room.number || other.id === room.id || other.debateId === null) continue;
        const seated = await rounds.findDebate(tx, other.debateId);
        if (seated?.judgeId) otherRoomJudgeIds.push(seated.judgeId);
        otherRoomJudgeIds.push(...(await panelJudgeIdsOf(trx, other.debateId)));
      }
      const entrants = await repo.listEntrants(trx, id);
      const teams = await teamsOf(trx, id);
      const byId = new Map(entrants.map((e) => [e.id, e]));
      const refusal = await judgeSeatRefusal(trx, {
        tournamentId: id,
        roundNumber: room.number,
        // The room as the release judged it: the first two teams by position, and all eight debaters.
        room: {
          aff: byId.get(room.teams.og)!,
          neg: byId.get(room.teams.oo)!,
          members: BP_SIDES.flatMap((side) => memberIdsOf(teams, byId.get(room.teams[side])!)),
        },
        judgeId,
        otherRoomJudgeIds,
        entrantUserIds: entrants.filter((e) => e.withdrawnAt === null).flatMap((e) => memberIdsOf(teams, e)),
        nowMs,
      });
      if (refusal) throw new AppError('conflict', `${nameOf(judgeId)} ${refusal}.`);
    }
    const now = nowIso();
    if (!(await rounds.reseatUnstartedJudge(tx, debateId, judgeId, now))) throw started;
    await hostRepo.insertAudit(trx, {
      tournamentId: id,
      action: 'judge_changed',
      roundNumber: room.number,
      debateId,
      actorId: user.id,
      reason: null,
      before: { text: `Judge: ${nameOf(debate.judgeId)}`, judgeId: debate.judgeId },
      after: { text: `Judge: ${nameOf(judgeId)}`, judgeId },
      createdAt: now,
    });
    return { debateId, number: room.number, seated: judgeId, roundName: roundName(room.number, row) };
  });
  await emitDebateUpdated(deps, changed.debateId);
  if (changed.seated) {
    deps.events.emit({
      name: 'tournament.round_released',
      room: REALTIME_ROOMS.user(changed.seated),
      payload: {
        tournamentId: id,
        tournamentName: row.name,
        roundNumber: changed.number,
        roundName: changed.roundName,
        debateId: changed.debateId,
        side: null,
        asJudge: true,
      },
    });
  }
  await emitChanged(deps, id);
  return presentedRound(deps, id, changed.number);
}
