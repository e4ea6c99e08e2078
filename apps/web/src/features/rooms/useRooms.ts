import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TRoom } from '@resolved/shared';
import { useSocketConnected, useSocketEvent } from '../../lib/socket';
import { roomsKey, roomsQuery } from './rooms-queries';

export function useRooms() {
  return useQuery(roomsQuery);
}

/** Adds or replaces a room in the cached grid, keeping id order (fixed rooms 1–6 first). */
export function putRoom(queryClient: QueryClient, room: TRoom): void {
  queryClient.setQueryData<TRoom[]>(roomsKey, (rooms) =>
    rooms ? [...rooms.filter((r) => r.id !== room.id), room].sort((a, b) => a.id - b.id) : rooms,
  );
}

export function dropRoom(queryClient: QueryClient, roomId: number): void {
  queryClient.setQueryData<TRoom[]>(roomsKey, (rooms) => rooms?.filter((r) => r.id !== roomId));
}

/** Keeps the grid live for everyone: rooms created, changed or deleted elsewhere appear without a reload. */
export function useLiveRooms(): void {
  const queryClient = useQueryClient();
  useSocketEvent('room.created', ({ room }) => putRoom(queryClient, room));
  useSocketEvent('room.updated', ({ room }) => putRoom(queryClient, room));
  useSocketEvent('room.deleted', ({ roomId }) => dropRoom(queryClient, roomId));
  const isConnected = useSocketConnected();
  useEffect(() => {
    // Events sent while the connection was down are not replayed: refetch once it is back.
    if (isConnected) void queryClient.invalidateQueries({ queryKey: roomsKey });
  }, [isConnected, queryClient]);
}
