/** The meeting rooms feature's HTTP calls and their TanStack Query key. */
import { queryOptions } from '@tanstack/react-query';
import type { TCreateRoomRequest, TRoom, TUpdateRoomRequest } from '@resolved/shared';
import { api } from '../../lib/api';

export const roomsKey = ['rooms'] as const;

export const roomsQuery = queryOptions({
  queryKey: roomsKey,
  queryFn: () => api<{ rooms: TRoom[] }>('/api/rooms').then((r) => r.rooms),
});

export function createRoom(input: TCreateRoomRequest): Promise<TRoom> {
  return api<{ room: TRoom }>('/api/rooms', { method: 'POST', json: input }).then((r) => r.room);
}

export function updateRoom(roomId: number, changes: TUpdateRoomRequest): Promise<TRoom> {
  return api<{ room: TRoom }>(`/api/rooms/${roomId}`, { method: 'PATCH', json: changes }).then((r) => r.room);
}

export function deleteRoom(roomId: number): Promise<void> {
  return api<void>(`/api/rooms/${roomId}`, { method: 'DELETE' });
}
