import { TOURNAMENT_CORRECTION_REASON_MAX } from '@resolved/shared';
import { TextField } from '../../ui/TextField';

/** A host's correction's reason (a result's, a walkover's): required, and kept in the audit with the host's name. */
export function CorrectionReasonField({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Reason"
      name={name}
      value={value}
      onChange={onChange}
      rows={2}
      counterMax={TOURNAMENT_CORRECTION_REASON_MAX}
      hint="Kept in the audit with your name."
      error={error}
      isRequired
    />
  );
}
