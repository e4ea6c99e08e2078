import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';

/** The round is open in another window of this person, which has the call: offer to take it back here. */
export function CallElsewhere({ onTakeBack }: { onTakeBack?: () => Promise<void> }) {
  const [isTakingBack, setIsTakingBack] = useState(false);

  async function handleTakeBack() {
    setIsTakingBack(true);
    try {
      await onTakeBack?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsTakingBack(false);
    }
  }

  return (
    <div
      role="status"
      className="mt-2 flex flex-col items-start gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center"
      data-testid="opened-elsewhere"
    >
      <p className="min-w-0 flex-1">
        This round is open in another window — your camera, microphone and the call are there now.
      </p>
      <button
        type="button"
        className={buttonClass('primary')}
        onClick={() => void handleTakeBack()}
        disabled={isTakingBack}
      >
        Use it here instead
      </button>
    </div>
  );
}
