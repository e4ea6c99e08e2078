/** Button looks shared by `<button>`s and links that act as calls to action. */
export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'inverse-outline' | 'danger';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-xl px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<TButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-brand-300 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  'inverse-outline': 'border border-white/40 text-white hover:bg-white/10',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
};

export function buttonClass(variant: TButtonVariant = 'primary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}
