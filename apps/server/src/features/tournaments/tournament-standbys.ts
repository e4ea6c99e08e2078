/**
 * The end of a round's grace period for its judges (the sequencer's step 1, `tournament-sequencer.ts`): a judge seated
 * before the grace period ended who never opened the room (the chair, or a panel's seat 2 or 3) gives way to a standby
 * (checked in, not seated this round, allowed by `planJudges` over every debater of the room), or a single judge's seat
 * is emptied so the hosts see the room unjudged. Two-sided pairings and British Parliamentary rooms of four teams
 * (`tournament-bp-grace.ts`) alike: a room names its entrants, two or four.
 */
import { isMinorRound, REALTIME_ROOMS, roundName } from '@resolved/shared';
import { inTransaction } from '../../db/transaction';
import { emitDebateUpdated } from '../debates/debates.service';
import * as rounds from '../debates/rounds.service';
import { ageBandsOf } from '../users/users.service';
import { planJudges } from './tournament-judges';
import type { TSequencer } from './tournament-sequencer';
import * as seqRepo from './tournament-sequencer.repository';
import { memberIdsOf, teamsOf } from './tournament-teams';
import * as repo from './tournaments.repository';

/** A judge's seat nobody came to at the end of the grace period: the chair's (seat 1) or a panel's seat 2 or 3. */
export type TAbsentJudge = {
  debateId: number;
  judgeId: string;
  seat: number;
  isPanel: boolean;
  /** The room's entrants: aff and neg, or a BP room's four teams (og, oo, cg, co). A standby is allowed by all. */
  entrantIds: readonly number[];
};

/** A panel judge's seat and first arrival, as `panelArrivalsOf` reads them. */
type TPanelArrival = { userId: string; seat: number; seatedAt: string | null; hasJoined: boolean };

/**
 * The judges of a live room absent at the end of the grace period (`graceEndIso`): seated before it ended and never
 * came (a standby seated at its end has had no grace yet). The chair is the round's judge; `panel`: the room's panel.
 */
export function absentJudgesOf(
  debate: { judgeId: string | null; judgeSeatedAt: string | null; judgeJoinedAt: string | null },
  panel: readonly TPanelArrival[],
  room: Pick<TAbsentJudge, 'debateId' | 'entrantIds'>,
  graceEndIso: string,
): TAbsentJudge[] {
  const isAbsent = (seatedAt: string | null, hasJoined: boolean) => !hasJoined && (seatedAt ?? '') < graceEndIso;
  const seat = { ...room, isPanel: panel.length > 0 };
  const away: TAbsentJudge[] = [];
  if (debate.judgeId && isAbsent(debate.judgeSeatedAt, debate.judgeJoinedAt !== null)) {
    away.push({ ...seat, judgeId: debate.judgeId, seat: 1 });
  }
  for (const s of panel) {
    if (s.seat > 1 && isAbsent(s.seatedAt, s.hasJoined)) away.push({ ...seat, judgeId: s.userId, seat: s.seat });
  }
  return away;
}

/**
 * Each seat whose judge never came gets a standby judge; without one a single judge's room is left with none (the
 * hosts see it unjudged) and a panel's seat is kept. `seated`: every judge seated this round (none is a standby).
 */
export async function seatStandbys(
  seq: TSequencer,
  tournamentId: number,
  number: number,
  rooms: readonly TAbsentJudge[],
  seated: ReadonlySet<string>,
  nowMs: number,
): Promise<void> {
  const { deps } = seq;
  const db = deps.database.db;
  const row = await repo.findTournament(db, tournamentId);
  const entrants = await repo.listEntrants(db, tournamentId);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  // Every member of a team, as the release reads them: a standby's blocks, conflicts and who may judge a minor.
  const teams = await teamsOf(db, tournamentId);
  const isTeams = (row?.teamSize ?? 1) > 1;
  const membersOfRoom = (r: TAbsentJudge) => r.entrantIds.flatMap((id) => memberIdsOf(teams, byId.get(id)!));
  const active = entrants.filter((e) => e.withdrawnAt === null).flatMap((e) => memberIdsOf(teams, e));
  const checkedIn = await seqRepo.listCheckIns(db, tournamentId, number);
  const allowedIds = new Set([...checkedIn].filter((userId) => !seated.has(userId)));
  const debaters = rooms.flatMap(membersOfRoom);
  const bands = await ageBandsOf(db, debaters);
  const minors = new Map(debaters.map((userId) => [userId, isMinorRound([bands.get(userId)])]));
  const standbys = await planJudges(db, {
    tournamentId,
    roundNumber: number,
    // As the release reads a room: its first two entrants and, of teams, every debater in it (a BP room's eight).
    rooms: rooms.map((r) => ({
      aff: byId.get(r.entrantIds[0]!)!,
      neg: byId.get(r.entrantIds[1]!)!,
      ...(isTeams ? { members: membersOfRoom(r) } : {}),
    })),
    minors,
    entrantUserIds: active,
    nowMs,
    allowedIds,
  });
  // The sequencer's own time, at or after the grace period's end: a rerun does not take the standby for absent.
  const seatedAt = new Date(nowMs).toISOString();
  for (const [index, room] of rooms.entries()) {
    const standby = standbys[index]?.[0] ?? null;
    if (standby === null && room.isPanel) continue;
    const isReplaced = await inTransaction(deps.database, (trx) =>
      room.seat === 1
        ? rounds.replaceAbsentJudge(rounds.debatesDb(trx), room.debateId, room.judgeId, standby, seatedAt)
        : rounds.replaceAbsentPanelJudge(rounds.debatesDb(trx), room.debateId, room.judgeId, standby!, seatedAt),
    );
    if (seq.onStep) await seq.onStep('standby', tournamentId);
    if (!isReplaced) continue;
    // The room's open pages show who judges now (or that nobody does).
    await emitDebateUpdated(deps, room.debateId);
    seq.log.info(
      { tournamentId, debateId: room.debateId, seat: room.seat, standby },
      'absent tournament judge replaced',
    );
    if (standby && row) {
      deps.events.emit({
        name: 'tournament.round_released',
        room: REALTIME_ROOMS.user(standby),
        payload: {
          tournamentId,
          tournamentName: row.name,
          roundNumber: number,
          roundName: roundName(number, row),
          debateId: room.debateId,
          side: null,
          asJudge: true,
        },
      });
    }
  }
}
