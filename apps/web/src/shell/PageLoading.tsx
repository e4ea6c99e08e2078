/** Shown while a route's code or data loads. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-16 text-slate-500">
      <span
        className="h-6 w-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}
