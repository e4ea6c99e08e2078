import { CalendarDays } from 'lucide-react';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { useCurrentTopic } from './useCurrentTopic';

export default function TopicsPage() {
  const { data: topic, isPending, error } = useCurrentTopic();
  return (
    <>
      <PageHeading title="Current Topic" lead="The resolution everyone on Resolved is debating right now." />
      {isPending ? (
        <PageLoading label="Loading the current topic…" />
      ) : error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {error.message}
        </p>
      ) : (
        <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <div className="bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-4 text-white">
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide">
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Event date: {topic.date}
            </p>
          </div>
          <div className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold leading-snug text-slate-900 sm:text-3xl">{topic.title}</h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-600">{topic.description}</p>
          </div>
        </article>
      )}
    </>
  );
}
