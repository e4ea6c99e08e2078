import { REALTIME_ROOMS, ZTournamentWatch } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import { answer } from '../../realtime/ack';
import type { TRealtimeSocket, TSocketFeature } from '../../realtime/realtime';
import { tournamentRoomFor } from './tournament-room';
import type { TTournamentsDeps } from './tournament-access';

const PREFIX = REALTIME_ROOMS.tournament(0).slice(0, -1);
const watchedBy = (socket: TRealtimeSocket) => [...socket.rooms].filter((room) => room.startsWith(PREFIX)).length;

/**
 * A tournament's room: a socket whose page shows a tournament joins `tournament:<id>` (`tournament.watch`, checked
 * as a read of the tournament) and hears `tournament.changed` there, once per tournament however many people it
 * has; it leaves with `tournament.unwatch` or when it disconnects. A watcher who loses the right to read it (an
 * entrant withdrawn) keeps hearing only that it changed, and is refused at the next read. A host's or entrant's
 * socket joins the tab's room too (`tournamentRoomFor`) and is sent the tab itself.
 */
export function tournamentsSocketFeature(deps: TTournamentsDeps, log: FastifyBaseLogger): TSocketFeature {
  return (socket) => {
    socket.on('tournament.watch', (payload, ack) =>
      answer(ack, log, async () => {
        const { tournamentId, room, tabRoom } = await tournamentRoomFor(
          deps,
          socket.data.user,
          payload,
          watchedBy(socket),
        );
        await socket.join(tabRoom ? [room, tabRoom] : room);
        return { tournamentId, isTabPushed: tabRoom !== null };
      }),
    );
    socket.on('tournament.unwatch', (payload) => {
      const parsed = ZTournamentWatch.safeParse(payload);
      if (!parsed.success) return;
      void socket.leave(REALTIME_ROOMS.tournament(parsed.data.tournamentId));
      void socket.leave(REALTIME_ROOMS.tournamentTab(parsed.data.tournamentId));
    });
  };
}
