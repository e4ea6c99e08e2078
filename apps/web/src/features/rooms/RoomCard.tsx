import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil, Trash2, Video } from 'lucide-react';
import { LIMITS, ZUpdateRoomRequest, type TRoom, type TUpdateRoomRequest } from '@resolved/shared';
import { errorMessage, formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { describeMeetingLink } from './meeting-provider';
import { ROOM_FIELDS, type TRoomFieldErrors } from './room-form';
import { dropRoom, putRoom } from './useRooms';
import { deleteRoom, updateRoom } from './rooms-queries';

interface TRoomCardProps {
  room: TRoom;
  isMine: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** One room of the grid: its join link (new tab, no opener, no referrer) and the actions the viewer may take. */
export function RoomCard({ room, isMine, canEdit, canDelete }: TRoomCardProps) {
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const link = describeMeetingLink(room.zoomLink);

  const remove = useMutation({
    mutationFn: () => deleteRoom(room.id),
    onSuccess: () => {
      dropRoom(queryClient, room.id);
      toast.success(`Room “${room.name}” deleted.`);
    },
    onError: (error) => {
      setIsConfirmingDelete(false);
      toast.error(errorMessage(error));
    },
  });

  return (
    <Card as="li" className="flex h-full flex-col p-5" aria-labelledby={`room-${room.id}-name`}>
      <div className="flex items-start gap-2">
        <Video className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
        <h2
          id={`room-${room.id}-name`}
          className="min-w-0 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]"
        >
          {room.name}
        </h2>
        {isMine ? (
          <span className="ml-auto shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            Yours
          </span>
        ) : null}
      </div>
      <a
        href={room.zoomLink}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        {link.label}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">{link.host}</p>

      {isEditing ? (
        <EditRoomForm room={room} onDone={() => setIsEditing(false)} />
      ) : canEdit || canDelete ? (
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {canEdit ? (
            <button
              type="button"
              className={buttonClass('secondary', 'px-3 py-1.5')}
              onClick={() => setIsEditing(true)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {room.isFixed ? 'Edit link' : 'Edit'}
              <span className="sr-only"> {room.name}</span>
            </button>
          ) : null}
          {canDelete && !isConfirmingDelete ? (
            <button
              type="button"
              className={buttonClass('ghost', 'px-3 py-1.5 text-red-700 hover:bg-red-50')}
              onClick={() => setIsConfirmingDelete(true)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete<span className="sr-only"> {room.name}</span>
            </button>
          ) : null}
          {canDelete && isConfirmingDelete ? (
            <div role="group" aria-label={`Delete ${room.name}?`} className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium text-slate-800">Delete this room?</span>
              <button
                type="button"
                className={buttonClass('primary', 'bg-red-700 px-3 py-1.5 hover:bg-red-800')}
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Yes, delete
              </button>
              <button
                type="button"
                className={buttonClass('secondary', 'px-3 py-1.5')}
                onClick={() => setIsConfirmingDelete(false)}
              >
                Keep
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

/** Admins change a fixed room's link; a created room's name and link can be changed by those who may. */
function EditRoomForm({ room, onDone }: { room: TRoom; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(room.name);
  const [zoomLink, setZoomLink] = useState(room.zoomLink);
  const [errors, setErrors] = useState<TRoomFieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const save = useMutation({
    mutationFn: (changes: TUpdateRoomRequest) => updateRoom(room.id, changes),
    onSuccess: (updated) => {
      putRoom(queryClient, updated);
      toast.success(`Room “${updated.name}” saved.`);
      onDone();
    },
    onError: (error) => {
      const { fields, form } = formErrors(error, ROOM_FIELDS);
      setErrors(fields);
      if (!fields.name && !fields.zoomLink) setFormError(form);
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = ZUpdateRoomRequest.safeParse(room.isFixed ? { zoomLink } : { name, zoomLink });
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, ROOM_FIELDS).fields);
      return;
    }
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      {room.isFixed ? null : (
        <TextField
          label="Room Name"
          name="name"
          value={name}
          onChange={(v) => {
            setName(v);
            setErrors((e) => ({ ...e, name: undefined }));
          }}
          error={errors.name}
          counterMax={LIMITS.roomName.max}
          isRequired
        />
      )}
      <TextField
        label="Meeting Link"
        name="zoomLink"
        type="url"
        value={zoomLink}
        onChange={(v) => {
          setZoomLink(v);
          setErrors((e) => ({ ...e, zoomLink: undefined }));
        }}
        error={errors.zoomLink}
        maxLength={LIMITS.roomLink.max}
        isRequired
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'px-3 py-1.5')} disabled={save.isPending}>
          Save
        </button>
        <button type="button" className={buttonClass('secondary', 'px-3 py-1.5')} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
