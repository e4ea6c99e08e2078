/**
 * A team queues as one (issue 40): when one member leaves the queue (Cancel, the last tab closed, a ban or suspension)
 * or two members block each other, the team's other rows go too, and those partners are told after the commit.
 */
import type { Kysely } from 'kysely';
import { REALTIME_ROOMS } from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import type { DB } from '../../db/schema';
import * as mmRepo from './matchmaking.repository';
import { teamRowsOf } from './team-queue';

/**
 * Deletes `userId`'s queue row and, when they queued as a team, the rows of their partners in that team (a team queues
 * as one); returns whether they were waiting and whom to tell.
 */
export async function takeOutWithTeam(tx: Kysely<DB>, userId: string) {
  const entry = await mmRepo.findQueueEntry(tx, userId);
  const wasWaiting = (await mmRepo.deleteQueueEntry(tx, userId)) > 0;
  if (!wasWaiting || entry?.mode !== 'team') return { wasWaiting, partnersLeft: [] };
  const rows = await mmRepo.listQueueEntriesOf(tx, mmRepo.decodePartnerIds(entry.partnerIds));
  const partners = teamRowsOf(
    [...rows, entry].map((row) => ({ ...row, id: Number(row.id) })),
    new Set([userId]),
  );
  for (const partner of partners) await mmRepo.deleteQueueEntry(tx, partner.userId);
  return { wasWaiting, partnersLeft: partners.map((partner) => ({ userId: partner.userId, partnerIds: [userId] })) };
}

/**
 * A block between two who queue as one team (or one waiting for the other to join them) ends that team: both leave the
 * queue with any other member, in the block's transaction (under the matching lock). Returns whom to tell
 * (`tellPartnersLeft`, after the commit).
 */
export async function takeOutTeamOfPair(tx: Kysely<DB>, blockerId: string, blockedId: string) {
  const told: { userId: string; partnerIds: string[] }[] = [];
  for (const [userId, otherId] of [
    [blockerId, blockedId],
    [blockedId, blockerId],
  ] as const) {
    const entry = await mmRepo.findQueueEntry(tx, userId);
    if (entry?.mode !== 'team' || !mmRepo.decodePartnerIds(entry.partnerIds).includes(otherId)) continue;
    const { partnersLeft } = await takeOutWithTeam(tx, userId);
    told.push(...partnersLeft, { userId, partnerIds: [otherId] });
  }
  return told.filter((t, i) => told.findIndex((u) => u.userId === t.userId) === i);
}

/** Tells each debater whose partner left the queue (taking the team out of it). */
export function tellPartnersLeft(
  deps: TDebatesDeps,
  left: readonly { userId: string; partnerIds: readonly string[] }[],
) {
  for (const { userId, partnerIds } of left) {
    for (const partnerId of partnerIds) {
      deps.events.emit({
        name: 'queue.partner_changed',
        room: REALTIME_ROOMS.user(userId),
        payload: { partnerId, change: 'left' },
      });
    }
  }
}
