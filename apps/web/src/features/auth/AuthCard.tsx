import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { PageHeading } from '../../shell/PageHeading';

/** The frame of the login and sign-up pages. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title={title} lead={lead} />
      <Card className="p-6 sm:p-8">{children}</Card>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
