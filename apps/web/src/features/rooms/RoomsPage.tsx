import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Plus, X } from 'lucide-react';
import { canCreateRoom, canDeleteRoom, canEditRoom, isLimitedToTeams } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { TeamOnlyNotice } from '../teams/TeamOnlyNotice';
import { CreateRoomForm } from './CreateRoomForm';
import { RoomCard } from './RoomCard';
import { useLiveRooms, useRooms } from './useRooms';
import { errorMessage } from '../../lib/form-errors';

export default function RoomsPage() {
  useDocumentTitle('Meetings');
  const { user } = useAuth();
  // The rooms are external meeting links open to anyone; an account limited to its teams meets in the rounds
  // its coach pairs. Opened by its address, the page says so and leads to its teams (no links are read).
  if (user && isLimitedToTeams(user)) {
    return (
      <>
        <PageHeading title="Join or Create a Room" />
        <TeamOnlyNotice door="meetings" testId="rooms-closed" />
      </>
    );
  }
  return <Rooms />;
}

function Rooms() {
  useLiveRooms();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const formId = useId();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const { data: rooms, isPending, error } = useRooms();

  function handleToggleForm() {
    if (!canCreateRoom(user)) {
      // Visitors sign in first and come back here (the login page returns to `state.from`).
      void navigate('/login', { state: { from: location.pathname } });
      return;
    }
    setIsFormOpen((open) => !open);
  }

  return (
    <>
      <PageHeading title="Join or Create a Room" lead="Meet your practice partners in a video room." />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={handleToggleForm}
          className={buttonClass(isFormOpen ? 'secondary' : 'primary')}
          aria-expanded={user ? isFormOpen : undefined}
          aria-controls={user && isFormOpen ? formId : undefined}
        >
          {isFormOpen ? <X className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
          {isFormOpen ? 'Cancel' : 'Create Your Own Room'}
        </button>
        {!user ? <p className="text-sm text-slate-600">Sign in to create your own room.</p> : null}
      </div>
      {isFormOpen && user ? <CreateRoomForm id={formId} onCreated={() => setIsFormOpen(false)} /> : null}
      {isPending ? (
        <PageLoading label="Loading rooms…" />
      ) : error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(error)}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="rooms-grid">
          {rooms.map((room) => (
            <RoomCard
              key={room.id}
              room={room}
              isMine={!!user && room.createdBy === user.id}
              canEdit={canEditRoom(user, room)}
              canDelete={canDeleteRoom(user, room)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
