import type { ReactNode } from 'react';

/** The white, rounded surface most content sits on. */
export function Card({
  as: Tag = 'div',
  className = '',
  children,
  ...rest
}: {
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
}) {
  return (
    <Tag className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
