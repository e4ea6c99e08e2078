/**
 * Judges for a round being released: the pool's judges who may sit now, as the pure `assignJudges` reads them, and its
 * assignment. Runs inside the release's transaction (the rounds are not written yet), so a judge is seated in the
 * same step as the round is opened.
 *
 * Who is a candidate: a judge of the pool who did not say they cannot judge the round, is not an active entrant, passes
 * the seat rule (`seatRefusalsAmong`: not banned or suspended) and the judge's age door (`ageDoorRefusal`: a month of
 * birth given, not an account run with its team), and is not in a live round already. What the core then never does:
 * seat a judge in their own team's room, an entrant's room they declared a conflict with or one of whose debaters
 * blocked them (or they blocked), or a minor's room the safety rules keep from them (`mayJudgeMinors`: a minor, a
 * coach of either debater's team, staff, or a verified judge). It avoids repeats and spreads load by its costs.
 */
import {
  ageDoorRefusal,
  assignJudges,
  type TJudgeCandidate,
  type TJudgeRoom,
  type TSessionUser,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { blockGraphAmong } from '../blocks/blocks.service';
import * as rounds from '../debates/rounds.service';
import { panelsOf } from '../debates/panels.service';
import { coachIdsOfTeamsOf, teamIdsOfUsers } from '../memberships/memberships.service';
import { outcomesOf } from '../results/results.service';
import { seatRefusalsAmong } from '../users/seats';
import { findDoorUserById } from '../users/users.service';
import * as repo from './tournaments.repository';
import type { TEntrantRow } from './tournaments.tables';

export interface TRoomToJudge {
  aff: TEntrantRow;
  neg: TEntrantRow;
}

/**
 * Each room's judges (in the order of `rooms`): one, or a panel of `panelSize` with its chair first; fewer (none) when
 * no allowed judge was left for a seat.
 */
export async function planJudges(
  trx: Kysely<DB>,
  input: {
    tournamentId: number;
    roundNumber: number;
    rooms: readonly TRoomToJudge[];
    /** Whether each debater counts as under 18 (`isMinorRound`). */
    minors: ReadonlyMap<string, boolean>;
    /** The active entrants' user ids: an entrant does not judge. */
    entrantUserIds: readonly string[];
    nowMs: number;
    /** Only these judges may sit (a standby: checked in, not seated this round); unset: the whole pool. */
    allowedIds?: ReadonlySet<string>;
    /** Judges per room: 1, or 3 for a panel. */
    panelSize?: number;
  },
): Promise<string[][]> {
  const { tournamentId, roundNumber, rooms } = input;
  if (rooms.length === 0) return [];
  const unavailable = new Set(
    (await repo.listUnavailable(trx, tournamentId)).filter((r) => r.roundNumber === roundNumber).map((r) => r.userId),
  );
  const entrants = new Set(input.entrantUserIds);
  let ids = (await repo.listJudges(trx, tournamentId))
    .map((j) => j.userId)
    .filter((userId) => !unavailable.has(userId) && !entrants.has(userId))
    .filter((userId) => !input.allowedIds || input.allowedIds.has(userId));
  const refused = await seatRefusalsAmong(trx, ids, input.nowMs);
  ids = ids.filter((userId) => !refused.has(userId));
  const busy = await rounds.findActiveUserIds(rounds.debatesDb(trx), ids);
  ids = ids.filter((userId) => !busy.has(userId));
  // As the door reads them: role, age band, verified judge, team-managed.
  const actors = new Map<string, TSessionUser>();
  for (const userId of ids) {
    const door = await findDoorUserById(trx, userId);
    if (door && !door.isBanned && ageDoorRefusal(door.user, 'judge') === null) actors.set(userId, door.user);
  }
  ids = ids.filter((userId) => actors.has(userId));
  if (ids.length === 0) return rooms.map(() => []);

  const debaterIds = rooms.flatMap((r) => [r.aff.userId, r.neg.userId]);
  const teams = await teamIdsOfUsers(trx, ids);
  const isBlocked = await blockGraphAmong(trx, [...ids, ...debaterIds]);
  const entrantRows = await repo.listEntrants(trx, tournamentId);
  const userOfEntrant = new Map(entrantRows.map((e) => [e.id, e.userId]));
  const declared = new Map<string, string[]>();
  for (const c of await repo.listConflicts(trx, tournamentId)) {
    const userId = userOfEntrant.get(Number(c.entrantId));
    if (userId) declared.set(c.userId, [...(declared.get(c.userId) ?? []), userId]);
  }
  // Who each judge has judged in this tournament's earlier rounds (once per time), and how many rounds.
  const earlier = (await repo.listPairings(trx, tournamentId)).filter((p) => p.number < roundNumber && !p.isBye);
  const outcomes = await outcomesOf(
    trx,
    earlier.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const earlierPanels = await panelsOf(
    trx,
    earlier.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const judged = new Map<string, string[]>();
  for (const p of earlier) {
    const judgeId = p.debateId === null ? null : (outcomes.get(p.debateId)?.judgeId ?? null);
    if (judgeId === null) continue;
    const debaters = [
      userOfEntrant.get(p.affEntrantId),
      p.negEntrantId === null ? undefined : userOfEntrant.get(p.negEntrantId),
    ];
    // Every judge of a panel judged the round, not only its chair.
    for (const id of earlierPanels.get(p.debateId!) ?? [judgeId]) {
      judged.set(id, [...(judged.get(id) ?? []), ...debaters.filter((d): d is string => d !== undefined)]);
    }
  }

  const candidates: TJudgeCandidate[] = ids.map((id) => ({
    id,
    actor: actors.get(id)!,
    teamIds: teams.get(id) ?? [],
    conflictIds: [...(declared.get(id) ?? []), ...debaterIds.filter((d) => isBlocked(id, d))],
    judgedIds: judged.get(id) ?? [],
    // Each judged round adds its two debaters to `judgedIds`.
    load: (judged.get(id)?.length ?? 0) / 2,
  }));
  const judgeRooms: TJudgeRoom[] = [];
  for (const [index, room] of rooms.entries()) {
    const hasMinor = (input.minors.get(room.aff.userId) ?? true) || (input.minors.get(room.neg.userId) ?? true);
    judgeRooms.push({
      key: String(index),
      debaters: [
        { id: room.aff.userId, teamId: room.aff.teamId },
        { id: room.neg.userId, teamId: room.neg.teamId },
      ],
      hasMinor,
      coachIds: hasMinor ? await coachIdsOfTeamsOf(trx, [room.aff.userId, room.neg.userId]) : [],
    });
  }
  const { panels } = assignJudges(judgeRooms, candidates, input.panelSize ?? 1);
  return panels.map((panel) => panel.judgeIds);
}
