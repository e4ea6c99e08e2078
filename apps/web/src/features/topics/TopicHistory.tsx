import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History, RotateCcw } from 'lucide-react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { applyCurrentTopic } from './useLiveTopic';
import { useTopicHistory } from './useCurrentTopic';
import { makeTopicCurrent } from './topics-queries';

/** Past topics with their event dates; admins can make one current again. */
export function TopicHistory({ canChange }: { canChange: boolean }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const { data: topics, isPending, error } = useTopicHistory();
  const makeCurrent = useMutation({
    mutationFn: makeTopicCurrent,
    onSuccess: (topic) => {
      applyCurrentTopic(queryClient, topic);
      toast.success(`“${topic.title}” is the current topic again.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const past = topics?.filter((t) => !t.isCurrent) ?? [];

  return (
    <section className="mt-10" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <History className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Past topics
      </h2>
      {isPending ? (
        <p className="mt-3 text-slate-500">Loading past topics…</p>
      ) : error ? (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(error)}
        </p>
      ) : past.length === 0 ? (
        <p className="mt-3 text-slate-600">No past topics yet. When the topic changes, earlier ones are listed here.</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="topic-history">
          {past.map((topic) => (
            <Card as="li" key={topic.id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-brand-800">{topic.date}</p>
                <p className="mt-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">{topic.title}</p>
                <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">{topic.description}</p>
              </div>
              {canChange ? (
                <button
                  type="button"
                  className={buttonClass('secondary', 'shrink-0')}
                  disabled={makeCurrent.isPending}
                  onClick={() => makeCurrent.mutate(topic.id)}
                  aria-label={`Make “${topic.title}” the current topic again`}
                >
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Make current
                </button>
              ) : null}
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
