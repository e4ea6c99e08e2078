/**
 * A host seating another judge as a room's chair before its debate starts: a two-sided pairing's
 * (`changePairing`) and a British Parliamentary room's (`changeBpRoom`) share the rules and the record. The judge
 * must pass the release's rules for the room (`judgeSeatRefusal`); the change is audited as `judge_changed`, and the
 * newly seated judge is told as at a release.
 */
import { REALTIME_ROOMS } from '@resolved/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockKeys } from '../../lib/key-lock';
import { panelJudgeIdsOf } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import type { TTournamentsDeps } from './tournament-access';
import * as hostRepo from './tournament-host.repository';
import { judgeSeatRefusal, type TRoomToJudge } from './tournament-judges';
import { memberIdsOf, teamsOf, type TTeams } from './tournament-teams';
import * as repo from './tournaments.repository';

export interface TChairChange {
  tournamentId: number;
  roundNumber: number;
  debateId: number;
  /** The chair seated now (null: none). */
  current: string | null;
  /** The judge to seat (null: none). */
  judgeId: string | null;
  /** The room as the release judged it, from the tournament's teams. */
  roomOf: (teams: TTeams) => TRoomToJudge;
  /** The judges seated in the round's other rooms (asked only when a judge is named). */
  otherRoomJudgeIds: () => Promise<string[]>;
  actorId: string;
  nowMs: number;
  nameOf: (userId: string | null) => string;
  /** The refusal once the room's clock has run. */
  started: AppError;
}

/** Seats `change.judgeId` as the room's chair, or throws why not (409); audited. Call inside the tournament's lock. */
export async function reseatChair(trx: Kysely<DB>, deps: TTournamentsDeps, change: TChairChange): Promise<void> {
  const { judgeId, nameOf } = change;
  if (judgeId === change.current) {
    throw new AppError(
      'conflict',
      judgeId === null ? 'This room has no judge already.' : `${nameOf(judgeId)} judges this room already.`,
    );
  }
  // A panel keeps its chair: unseated, the round would end its speeches with no judge although two are there.
  if (judgeId === null && (await panelJudgeIdsOf(trx, change.debateId)).length > 0) {
    throw new AppError('conflict', 'A panel’s chair can be replaced by another judge, not removed.');
  }
  if (judgeId !== null) {
    await lockKeys(trx, deps.database.engine, [`user:${judgeId}`]);
    const teams = await teamsOf(trx, change.tournamentId);
    const refusal = await judgeSeatRefusal(trx, {
      tournamentId: change.tournamentId,
      roundNumber: change.roundNumber,
      room: change.roomOf(teams),
      judgeId,
      otherRoomJudgeIds: await change.otherRoomJudgeIds(),
      entrantUserIds: (await repo.listEntrants(trx, change.tournamentId))
        .filter((e) => e.withdrawnAt === null)
        .flatMap((e) => memberIdsOf(teams, e)),
      nowMs: change.nowMs,
    });
    if (refusal) throw new AppError('conflict', `${nameOf(judgeId)} ${refusal}.`);
  }
  const now = nowIso();
  if (!(await rounds.reseatUnstartedJudge(rounds.debatesDb(trx), change.debateId, judgeId, now))) throw change.started;
  await hostRepo.insertAudit(trx, {
    tournamentId: change.tournamentId,
    action: 'judge_changed',
    roundNumber: change.roundNumber,
    debateId: change.debateId,
    actorId: change.actorId,
    reason: null,
    before: { text: `Judge: ${nameOf(change.current)}`, judgeId: change.current },
    after: { text: `Judge: ${nameOf(judgeId)}`, judgeId },
    createdAt: now,
  });
}

/** Tells a newly seated judge of their room, as a release does. */
export function tellSeatedJudge(
  deps: TTournamentsDeps,
  judgeId: string,
  round: { tournamentId: number; tournamentName: string; roundNumber: number; roundName: string; debateId: number },
): void {
  deps.events.emit({
    name: 'tournament.round_released',
    room: REALTIME_ROOMS.user(judgeId),
    payload: { ...round, side: null, asJudge: true },
  });
}
