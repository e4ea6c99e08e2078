import { REPORT_LIMITS } from '@resolved/shared';

/** The reason a moderator gives for an action or an appeal decision: the person reads it. */
export function ReasonField({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  return (
    <label className="block text-sm font-semibold">
      Reason (the user sees it)
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={2}
        maxLength={REPORT_LIMITS.actionReasonMax}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 font-normal"
      />
    </label>
  );
}
