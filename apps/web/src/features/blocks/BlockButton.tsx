import { errorMessage } from '../../lib/form-errors';
import { useState } from 'react';
import { Ban } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TBlockedUser } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { BLOCKS_KEY, blockUser, unblockUser } from './blocks-queries';

/** What blocking does, in the words of the confirm dialog. */
export function blockQuestion(displayName: string): string {
  return (
    `Block ${displayName}? You will not be matched with them again, they cannot judge, watch or share evidence in ` +
    `your rounds, and you will not see their messages in the community chat. A round you are in with them now ends ` +
    `with no result. You can unblock them in Settings.`
  );
}

interface TBlockButtonProps {
  userId: string;
  displayName: string;
  /** Already blocked: the button unblocks instead. */
  isBlocked?: boolean;
  /** `small`: a quiet inline action (a chat message, a name in the room); `button`: a full button (a profile). */
  look?: 'small' | 'button';
  /** Says whom ("Block Ann"), where the button does not sit beside the name. */
  isNamed?: boolean;
  onBlocked?: () => void;
}

/** "Block" (after a confirm dialog) or "Unblock" for one person; updates the block list everywhere. */
export function BlockButton({
  userId,
  displayName,
  isBlocked = false,
  look = 'small',
  isNamed = false,
  onBlocked,
}: TBlockButtonProps) {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);

  async function handleClick() {
    if (!isBlocked && !window.confirm(blockQuestion(displayName))) return;
    setIsBusy(true);
    try {
      if (isBlocked) {
        await unblockUser(userId);
        queryClient.setQueryData<TBlockedUser[]>(BLOCKS_KEY, (old) => old?.filter((b) => b.userId !== userId));
        toast.success(`You unblocked ${displayName}.`);
      } else {
        const { block } = await blockUser(userId);
        queryClient.setQueryData<TBlockedUser[]>(BLOCKS_KEY, (old) => [
          block,
          ...(old ?? []).filter((b) => b.userId !== userId),
        ]);
        toast.success(`You blocked ${displayName}.`);
        onBlocked?.();
      }
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  const label = isBlocked ? 'Unblock' : 'Block';
  const className =
    look === 'button'
      ? 'inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:border-red-300 hover:bg-red-50 hover:text-red-800 disabled:opacity-60'
      : 'inline-flex items-center gap-1 rounded-lg px-1.5 py-0.5 text-xs text-slate-600 hover:bg-red-50 hover:text-red-700 disabled:opacity-60';
  return (
    <button
      type="button"
      className={className}
      onClick={() => void handleClick()}
      disabled={isBusy}
      aria-label={`${label} ${displayName}`}
    >
      <Ban className={look === 'button' ? 'h-4 w-4' : 'h-3.5 w-3.5'} aria-hidden="true" />
      {isNamed ? `${label} ${displayName}` : label}
    </button>
  );
}
