/**
 * The BP queue's rooms (issue 41): the team queue matches four teams of two a room in British Parliamentary (partners
 * who queued together, and teams it formed from "find me a partner" debaters of one age band), and the sweep opens
 * each room here, through `openBpRoomIn` in the sweep's transaction, so every seat rule of a BP room holds. A room's
 * four teams chose one speech length (seven or five minutes; the queue's lanes), which the room runs.
 */
import type { Kysely } from 'kysely';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import { openBpRoomIn } from '../debates/bp-room';
import type { TPlannedRound } from './team-queue';

/** Opens the planned BP rooms with their drawn resolutions; returns each room and who sits in it. */
export async function openBpRooms(
  trx: Kysely<DB>,
  deps: Pick<TDebatesDeps, 'now'>,
  planned: readonly TPlannedRound[],
  resolutions: readonly { resolution: string; topicId: number | null }[],
): Promise<{ debateId: number; userIds: string[] }[]> {
  const created: { debateId: number; userIds: string[] }[] = [];
  for (const [index, round] of planned.entries()) {
    if (!round.bp) throw new Error('A British Parliamentary round was planned without its four teams.');
    const debateId = await openBpRoomIn(trx, deps, {
      kind: 'matchmade',
      teams: round.bp.teams,
      resolution: resolutions[index]!.resolution,
      topicId: resolutions[index]!.topicId,
      seed: round.bp.seed,
      speechMinutes: round.bp.speechMinutes,
    });
    created.push({ debateId, userIds: round.seats.map((seat) => seat.userId) });
  }
  return created;
}
