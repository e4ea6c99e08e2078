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
  roundName,
  type TBpSide,
  type TSessionUser,
  type TTournamentBpRoomChange,
  type TTournamentRound,
} from '@resolved/shared';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { emitDebateUpdated } from '../debates/debates.service';
import { panelJudgeIdsOf } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import { lockKey, requireManager, type TTournamentsDeps } from './tournament-access';
import * as bpRepo from './tournament-bp.repository';
import { emitChanged } from './tournament-events';
import { namesOf, presentedRound } from './tournament-host';
import { reseatChair, tellSeatedJudge } from './tournament-judge-change';
import { memberIdsOf } from './tournament-teams';
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
    // The round's rooms alone (no results): the room, and the other rooms whose judges may not chair it.
    const all = await bpRepo.listBpRooms(trx, id);
    const room = all.find((r) => r.id === roomId);
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
    const byId = new Map((await repo.listEntrants(trx, id)).map((e) => [e.id, e]));
    const entrant = (side: TBpSide) => byId.get(room.teams[side])!;
    await reseatChair(trx, deps, {
      tournamentId: id,
      roundNumber: room.number,
      debateId,
      current: debate.judgeId,
      judgeId,
      // The room as the release judged it: the first two teams by position, and all eight debaters.
      roomOf: (teams) => ({
        aff: entrant('og'),
        neg: entrant('oo'),
        members: BP_SIDES.flatMap((side) => memberIdsOf(teams, entrant(side))),
      }),
      otherRoomJudgeIds: async () => {
        const ids: string[] = [];
        for (const other of all) {
          if (other.number !== room.number || other.id === room.id || other.debateId === null) continue;
          const seated = await rounds.findDebate(tx, other.debateId);
          if (seated?.judgeId) ids.push(seated.judgeId);
          ids.push(...(await panelJudgeIdsOf(trx, other.debateId)));
        }
        return ids;
      },
      actorId: user.id,
      nowMs,
      nameOf: await namesOf(trx, [debate.judgeId, judgeId]),
      started,
    });
    return { debateId, number: room.number, seated: judgeId, roundName: roundName(room.number, row) };
  });
  await emitDebateUpdated(deps, changed.debateId);
  if (changed.seated) {
    tellSeatedJudge(deps, changed.seated, {
      tournamentId: id,
      tournamentName: row.name,
      roundNumber: changed.number,
      roundName: changed.roundName,
      debateId: changed.debateId,
    });
  }
  await emitChanged(deps, id);
  return presentedRound(deps, id, changed.number);
}
