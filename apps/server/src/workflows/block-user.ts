/**
 * A user blocks someone: the block is stored under the matching lock, so a sweep, challenge or pairing running now
 * either reads it or has made its round by the time the block looks for rounds the two share; every live round the
 * two are in together then ends, as abandoned (no result, no points, no rating change, no forfeit); every instance
 * learns of the block so the blocker's open chat stops showing the blocked user's messages at once. Partners queued
 * together who block each other leave the queue. Reaches upward from blocks to rounds, results and the queue, so it
 * is a workflow, called by the block route and a report.
 */
import { judgesOf, REALTIME_ROOMS, seatsOfDebate, type TBlockResponse } from '@resolved/shared';
import type { TDebatesDeps } from '../context';
import { announceBlock, checkBlock, findBlocked, insertBlock } from '../features/blocks/blocks.service';
import { liveRoundsOfPair } from '../features/debates/debates.service';
import { takeOutTeamOfPair, tellPartnersLeft } from '../features/matchmaking/queue-teams';
import { underMatchingLock } from '../features/matchmaking/queue.service';
import { abandon } from '../features/results/results.service';

/** Who asked for a block: the user from a Block button, or a report that blocks as it is filed. */
export type TBlockSource = 'user' | 'report';

/** `blockerId` blocks `blockedId`. Blocking someone already blocked changes nothing and answers the same. */
export async function blockUser(
  deps: Pick<TDebatesDeps, 'database' | 'events'>,
  blockerId: string,
  blockedId: string,
  _options: { source: TBlockSource } = { source: 'user' },
): Promise<TBlockResponse> {
  const { existing } = await checkBlock(deps, blockerId, blockedId);
  const { isNew, partnersLeft } = existing
    ? { isNew: false, partnersLeft: [] }
    : await underMatchingLock(deps, async (tx) => {
        const inserted = await insertBlock(tx, blockerId, blockedId);
        // Partners in the queue who block each other are no longer a team: it leaves the queue.
        return { isNew: inserted, partnersLeft: inserted ? await takeOutTeamOfPair(tx, blockerId, blockedId) : [] };
      });
  tellPartnersLeft(deps, partnersLeft);
  let endedDebateId: number | null = null;
  if (isNew) {
    for (const debateId of await liveRoundsOfPair(deps, blockerId, blockedId)) {
      const ended = await abandon(deps, debateId, { isEndedEarly: true });
      if (!ended) continue;
      endedDebateId = debateId;
      // Each of its people, on any page, is told the same: their live-round banner goes and a neutral notice shows.
      // Every debater of every side (partners too) and every judge of a panel sits in it as the chair does.
      const seated = [...ended.seats.map((seat) => seat.userId), ...judgesOf(seatsOfDebate(ended))];
      for (const userId of seated) {
        deps.events.emit({ name: 'debate.ended_early', room: REALTIME_ROOMS.user(userId), payload: { debateId } });
      }
    }
    announceBlock(deps, blockerId, blockedId, true);
  }
  return { block: await findBlocked(deps, blockerId, blockedId), endedDebateId };
}
