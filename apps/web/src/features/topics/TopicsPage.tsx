import { lazy, Suspense } from 'react';
import { CalendarDays } from 'lucide-react';
import { canChangeTopic } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { FindOpponentCard } from '../debates/queue/FindOpponentCard';
import { TopicHistory } from './TopicHistory';
import { useCurrentTopic } from './useCurrentTopic';
import { useLiveTopic } from './useLiveTopic';
import { errorMessage } from '../../lib/form-errors';

// Only admins see the form: visitors do not load it, nor the validation schemas it carries.
const EditTopicForm = lazy(() => import('./EditTopicForm').then((m) => ({ default: m.EditTopicForm })));

export default function TopicsPage() {
  useDocumentTitle("Today's Topics");
  useLiveTopic();
  const { user } = useAuth();
  const { data: topic, isPending, error } = useCurrentTopic();
  const isAdmin = canChangeTopic(user);
  return (
    <>
      <PageHeading title="Current Topic" lead="The resolution everyone on Resolved is debating right now." />
      {isPending ? (
        <PageLoading label="Loading the current topic…" />
      ) : error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(error)}
        </p>
      ) : (
        <article
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          aria-live="polite"
          data-testid="current-topic"
        >
          <div className="bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-4 text-white">
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide">
              <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="[overflow-wrap:anywhere]">Event date: {topic.date}</span>
            </p>
          </div>
          <div className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold leading-snug text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
              {topic.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-600 [overflow-wrap:anywhere]">{topic.description}</p>
          </div>
        </article>
      )}
      <div className="mt-6">
        <FindOpponentCard />
      </div>
      {isAdmin ? (
        <Suspense fallback={null}>
          <EditTopicForm />
        </Suspense>
      ) : null}
      <TopicHistory canChange={isAdmin} />
    </>
  );
}
