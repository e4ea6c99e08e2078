import { CalendarDays, Compass, Home } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <Card className="mx-auto mt-4 max-w-2xl p-8 text-center sm:p-12">
      <span className="mx-auto inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Compass className="h-7 w-7" aria-hidden="true" />
      </span>
      <p className="mt-5 text-sm font-semibold uppercase tracking-wide text-brand-700">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 leading-relaxed text-slate-600">There is no page at this address:</p>
      <p className="mt-2">
        <code className="inline-block max-w-full break-all rounded-lg bg-slate-100 px-3 py-1.5 font-mono text-sm text-slate-800">
          {pathname}
        </code>
      </p>
      <p className="mt-3 leading-relaxed text-slate-600">The link may be old or mistyped.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/welcome">
          <Home className="h-4 w-4" aria-hidden="true" />
          Back to Welcome
        </ButtonLink>
        <ButtonLink to="/topics" variant="secondary">
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          Today&apos;s Topics
        </ButtonLink>
      </div>
    </Card>
  );
}
