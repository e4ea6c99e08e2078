import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TTournamentPart } from '@resolved/shared';
import { getSocket, request, useSocketEvent } from '../../lib/socket';
import { refreshTournamentPages, tournamentKeys } from './tournaments-queries';

/** How many mounted components watch each tournament on this tab's socket (a page and a card may both). */
const watchers = new Map<number, number>();

/**
 * Keeps this tab's socket in tournament `tournamentId`'s room while the component is mounted (`tournament.watch`,
 * again at every reconnection and after the tournament's record changed, when the viewer's part may have), and
 * refetches the parts of that tournament a change names — only those — when it changes (`tournament.changed`, at most
 * one a second). A host's or entrant's socket is sent the tab itself (`tournament.standings_changed`), which the page
 * keeps instead of reading it. After a reconnection it refetches everything: a change told while the socket was away
 * is not told again. `onChanged` runs as well with the parts (a card that reads a query of its own). `null`: none.
 */
export function useTournamentRoom(
  tournamentId: number | null,
  onChanged?: (parts: readonly TTournamentPart[]) => void,
): void {
  const client = useQueryClient();
  const onChangedRef = useRef(onChanged);
  /** Whether the server sends this socket the tab (the last `tournament.watch`'s answer). */
  const isTabPushedRef = useRef(false);
  const watchRef = useRef<() => void>(undefined);
  useEffect(() => {
    onChangedRef.current = onChanged;
  });
  useEffect(() => {
    if (tournamentId === null) return;
    const socket = getSocket();
    watchers.set(tournamentId, (watchers.get(tournamentId) ?? 0) + 1);
    let hasWatched = false;
    const ask = () =>
      void request('tournament.watch', { tournamentId }).then((reply) => {
        isTabPushedRef.current = reply.ok && reply.data.isTabPushed;
      });
    const watch = () => {
      isTabPushedRef.current = false;
      ask();
      if (hasWatched) {
        void refreshTournamentPages(client, tournamentId);
        onChangedRef.current?.([]);
      }
      hasWatched = true;
    };
    watchRef.current = ask;
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      watchRef.current = undefined;
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
    // The record changed: the viewer's part may have (the first round is out; they entered), so watch again.
    if (payload.parts.includes('tournament')) watchRef.current?.();
    void refreshTournamentPages(client, tournamentId, payload.parts, isTabPushedRef.current);
    onChangedRef.current?.(payload.parts);
  });
  useSocketEvent('tournament.standings_changed', (tab) => {
    if (tab.tournamentId !== tournamentId) return;
    client.setQueryData(tournamentKeys.standings(tournamentId), tab);
  });
}
