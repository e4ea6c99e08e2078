import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Video } from 'lucide-react';
import type { TRoom } from '@resolved/shared';
import { api } from '../../lib/api';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';

export default function RoomsPage() {
  const {
    data: rooms,
    isPending,
    error,
  } = useQuery({
    queryKey: ['rooms'],
    queryFn: () => api<{ rooms: TRoom[] }>('/api/rooms').then((r) => r.rooms),
  });
  return (
    <>
      <PageHeading title="Join or Create a Room" lead="Meet your practice partners in a video room." />
      {isPending ? (
        <PageLoading label="Loading rooms…" />
      ) : error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {error.message}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rooms.map((room) => (
            <li key={room.id}>
              <a
                href={room.zoomLink}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Video className="h-5 w-5 text-brand-600" aria-hidden="true" />
                  {room.name}
                </span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 group-hover:underline">
                  Click to join Zoom Meeting
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
