import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, type TButtonVariant } from './button-styles';

/** An in-app link that looks like a button: for calls to action that navigate. */
export function ButtonLink({
  to,
  variant = 'primary',
  className,
  children,
}: {
  to: string;
  variant?: TButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass(variant, className)}>
      {children}
    </Link>
  );
}
