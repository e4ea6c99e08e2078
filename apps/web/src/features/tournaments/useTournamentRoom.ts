import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSocket, request, useSocketEvent } from '../../lib/socket';
import { refreshTournamentPages } from './tournaments-queries';

/** How many mounted components watch each tournament on this tab's socket (a page and a card may both). */
const watchers = new Map<number, number>();

/**
 * Keeps this tab's socket in tournament `tournamentId`'s room while the component is mounted (`tournament.watch`,
 * again at every reconnection), and refetches that tournament's queries — only those — when it changes
 * (`tournament.changed`, at most one a second). After a reconnection it refetches too: a change told while the
 * socket was away is not told again. `onChanged` runs as well (a card that reads a query of its own). `null`: none.
 */
export function useTournamentRoom(tournamentId: number | null, onChanged?: () => void): void {
  const client = useQueryClient();
  const onChangedRef = useRef(onChanged);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });
  useEffect(() => {
    if (tournamentId === null) return;
    const socket = getSocket();
    watchers.set(tournamentId, (watchers.get(tournamentId) ?? 0) + 1);
    let hasWatched = false;
    const watch = () => {
      void request('tournament.watch', { tournamentId });
      if (hasWatched) {
        void refreshTournamentPages(client, tournamentId);
        onChangedRef.current?.();
      }
      hasWatched = true;
    };
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      const left = (watchers.get(tournamentId) ?? 1) - 1;
      if (left > 0) {
        watchers.set(tournamentId, left);
        return;
      }
      watchers.delete(tournamentId);
      if (socket.connected) socket.emit('tournament.unwatch', { tournamentId });
    };
  }, [tournamentId, client]);
  useSocketEvent('tournament.changed', (payload) => {
    if (payload.tournamentId !== tournamentId) return;
    void refreshTournamentPages(client, tournamentId);
    onChangedRef.current?.();
  });
}
