import type { ReactNode } from 'react';

/** A message about a whole form (not one of its fields), announced when it appears. */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800 ${className}`}
    >
      {children}
    </p>
  );
}
