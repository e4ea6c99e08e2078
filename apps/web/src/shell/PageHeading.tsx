import type { ReactNode } from 'react';

/** The one `<h1>` of a page, with an optional lead paragraph. */
export function PageHeading({ title, lead, icon }: { title: ReactNode; lead?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {icon}
        {title}
      </h1>
      {lead ? <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-600">{lead}</p> : null}
    </div>
  );
}
