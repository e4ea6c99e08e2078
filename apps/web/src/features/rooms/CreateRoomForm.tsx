import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, ZCreateRoomRequest, type TCreateRoomRequest } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { ROOM_FIELDS, type TRoomFieldErrors } from './room-form';
import { putRoom } from './useRooms';
import { createRoom } from './rooms-queries';

const EMPTY: TCreateRoomRequest = { name: '', zoomLink: '' };

/** Room Name and Meeting Link, both required; only http(s) links. Clears and closes after create (spec §4). */
export function CreateRoomForm({ id, onCreated }: { id: string; onCreated: () => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [values, setValues] = useState<TCreateRoomRequest>(EMPTY);
  const [errors, setErrors] = useState<TRoomFieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const create = useMutation({
    mutationFn: createRoom,
    onSuccess: (room) => {
      putRoom(queryClient, room);
      setValues(EMPTY);
      toast.success(`Room “${room.name}” created.`);
      onCreated();
    },
    onError: (error) => {
      const { fields, form } = formErrors(error, ROOM_FIELDS);
      setErrors(fields);
      if (!fields.name && !fields.zoomLink) setFormError(form);
    },
  });

  const setField = (field: keyof TCreateRoomRequest) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = ZCreateRoomRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, ROOM_FIELDS).fields);
      return;
    }
    create.mutate(parsed.data);
  }

  return (
    <Card as="section" className="mb-8 p-6 sm:p-8" aria-labelledby={headingId}>
      <div id={id}>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Create a room
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Paste the link of a Zoom, Google Meet, Microsoft Teams or Jitsi meeting (any http:// or https:// link works).
          Everyone sees the room as soon as you create it.
        </p>
        <form onSubmit={handleSubmit} noValidate className="mt-6 grid gap-5 md:grid-cols-2">
          <TextField
            label="Room Name"
            name="name"
            value={values.name}
            onChange={setField('name')}
            error={errors.name}
            counterMax={LIMITS.roomName.max}
            isRequired
          />
          <TextField
            label="Meeting Link"
            name="zoomLink"
            type="url"
            value={values.zoomLink}
            onChange={setField('zoomLink')}
            error={errors.zoomLink}
            maxLength={LIMITS.roomLink.max}
            autoComplete="url"
            isRequired
          />
          {formError ? <FormAlert className="md:col-span-2">{formError}</FormAlert> : null}
          <div className="md:col-span-2">
            <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Room'}
            </button>
          </div>
        </form>
      </div>
    </Card>
  );
}
