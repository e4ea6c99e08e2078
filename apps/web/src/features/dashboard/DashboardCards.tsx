import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../ui/Card';

/** One figure of the dashboard's top row. */
export function Tile({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-4 p-5" aria-labelledby={`${testId}-label`}>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div data-testid={testId}>
        <p className="text-3xl font-bold text-slate-900">{value}</p>
        <p id={`${testId}-label`} className="text-sm font-medium text-slate-600">
          {label}
        </p>
      </div>
    </Card>
  );
}

export function Section({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card as="section" className="p-6" aria-labelledby={id}>
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </Card>
  );
}
