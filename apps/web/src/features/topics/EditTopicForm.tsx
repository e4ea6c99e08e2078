import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, ZUpdateTopicRequest, type TUpdateTopicRequest } from '@resolved/shared';
import { formErrors, type TFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { formatEventDate } from './event-date';
import { applyCurrentTopic } from './useLiveTopic';
import { currentTopicQuery, updateCurrentTopic } from './topics-queries';

const EMPTY: TUpdateTopicRequest = { title: '', date: '', description: '' };
const TOPIC_FIELDS = ['title', 'date', 'description'] as const satisfies (keyof TUpdateTopicRequest)[];

/** "Edit Topic" (admins): a new current topic, saved, shown to everyone live, confirmed with a toast. */
export function EditTopicForm() {
  const queryClient = useQueryClient();
  // The form starts from the current topic: an admin fixing a typo edits it rather than typing it all again.
  const current = useQuery(currentTopicQuery).data;
  const [values, setValues] = useState<TUpdateTopicRequest>(() =>
    current ? { title: current.title, date: current.date, description: current.description } : EMPTY,
  );
  const [hasFilled, setHasFilled] = useState(current !== undefined);
  if (!hasFilled && current) {
    setHasFilled(true);
    setValues({ title: current.title, date: current.date, description: current.description });
  }
  const [errors, setErrors] = useState<TFieldErrors<keyof TUpdateTopicRequest>>({});
  const [formError, setFormError] = useState<string>();
  const [pickedDate, setPickedDate] = useState('');
  const headingId = useId();

  const update = useMutation({
    mutationFn: updateCurrentTopic,
    onSuccess: (topic) => {
      applyCurrentTopic(queryClient, topic);
      setValues({ title: topic.title, date: topic.date, description: topic.description });
      setPickedDate('');
      setErrors({});
      setFormError(undefined);
      toast.success('Topic updated. Everyone now sees the new topic.');
    },
    onError: (error) => {
      const { fields, form } = formErrors(error, TOPIC_FIELDS);
      setErrors(fields);
      setFormError(form);
    },
  });

  const setField = (field: keyof TUpdateTopicRequest) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = ZUpdateTopicRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, TOPIC_FIELDS).fields);
      return;
    }
    update.mutate(parsed.data);
  }

  return (
    <Card as="section" className="mt-8 p-6 sm:p-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        Edit Topic
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Saving replaces the current topic for everyone at once; the previous one moves to the history below.
      </p>
      <form onSubmit={handleSubmit} noValidate className="mt-6 space-y-5">
        <TextField
          label="New Topic Title"
          name="title"
          value={values.title}
          onChange={setField('title')}
          error={errors.title}
          counterMax={LIMITS.topicTitle.max}
          isRequired
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextField
            label="Event Date"
            name="date"
            value={values.date}
            onChange={setField('date')}
            error={errors.date}
            counterMax={LIMITS.topicDate.max}
            isRequired
          />
          <TextField
            label="Or pick a date"
            name="picked-date"
            type="date"
            value={pickedDate}
            onChange={(value) => {
              setPickedDate(value);
              const formatted = formatEventDate(value);
              if (formatted) setField('date')(formatted);
            }}
          />
        </div>
        <TextField
          label="Short description"
          name="description"
          value={values.description}
          onChange={setField('description')}
          error={errors.description}
          counterMax={LIMITS.topicDescription.max}
          rows={3}
          isRequired
        />
        {formError && Object.values(errors).every((e) => !e) ? <FormAlert>{formError}</FormAlert> : null}
        <button type="submit" className={buttonClass('primary')} disabled={update.isPending}>
          {update.isPending ? 'Updating…' : 'Update Topic'}
        </button>
      </form>
    </Card>
  );
}
