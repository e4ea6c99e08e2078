import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChatLock } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { chatLockKey, chatLockQuery, setChatLock } from './admin-queries';

/**
 * The community chat's switch: "only established accounts may post" (older than 24 hours, with a
 * completed round; moderators and admins always may). Everyone in the chat sees a banner while it is on.
 */
export function ChatLockSwitch() {
  const queryClient = useQueryClient();
  const lock = useQuery(chatLockQuery);
  const change = useMutation({
    mutationFn: setChatLock,
    // The switch moves at once; a refusal puts it back.
    onMutate: (isLocked) => {
      const previous = queryClient.getQueryData<TChatLock>(chatLockKey);
      if (previous) queryClient.setQueryData<TChatLock>(chatLockKey, { ...previous, isLocked });
      return { previous };
    },
    onSuccess: ({ lock: next }) => {
      queryClient.setQueryData(chatLockKey, next);
      toast.success(
        next.isLocked ? 'Only established accounts can post in the chat now.' : 'Everyone can post in the chat again.',
      );
    },
    onError: (error, _isLocked, context) => {
      if (context?.previous) queryClient.setQueryData(chatLockKey, context.previous);
      toast.error(errorMessage(error));
    },
  });

  if (lock.isPending) return <p className="text-slate-700">Loading the chat’s setting…</p>;
  if (lock.isError) return <p className="text-slate-700">The chat’s setting could not be loaded.</p>;
  return (
    <div>
      <label className="inline-flex cursor-pointer items-center gap-3 font-medium text-slate-900">
        <input
          type="checkbox"
          role="switch"
          checked={lock.data.isLocked}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
          aria-describedby="chat-lock-hint"
          className="h-5 w-5 accent-brand-700"
        />
        Only established accounts may post
      </label>
      <p id="chat-lock-hint" className="mt-1 text-sm text-slate-700">
        Established: older than 24 hours, with a completed round. Moderators and admins can always post. Everyone in the
        chat sees a banner while this is on; each change is logged.
      </p>
    </div>
  );
}
