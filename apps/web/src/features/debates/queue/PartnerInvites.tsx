import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { FORMATS, type TQueuePartnerInvite } from '@resolved/shared';
import { useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { buttonClass } from '../../../ui/button-styles';
import { queueKey } from '../debates-queries';
import { partnersKey } from './partner-queries';

/**
 * Keeps the queue card current when a partner acts elsewhere: joins naming the user, accepts their partner link, or
 * leaves the queue (which takes the team out of it: the card says so).
 */
export function usePartnerEvents(): void {
  const client = useQueryClient();
  useSocketEvent('queue.partner_changed', ({ change }) => {
    void client.invalidateQueries({ queryKey: queueKey });
    if (change === 'linked') void client.invalidateQueries({ queryKey: partnersKey });
    if (change === 'left') toast.info('Your partner left the queue, so your team left it too.');
  });
}

/** Debaters waiting in the queue with the user as their partner: join them with one press. */
export function PartnerInvites({
  invites,
  isJoining,
  onJoin,
}: {
  invites: readonly TQueuePartnerInvite[];
  isJoining: boolean;
  onJoin: (invite: TQueuePartnerInvite) => void;
}) {
  if (invites.length === 0) return null;
  return (
    <ul className="mb-4 grid gap-2" data-testid="partner-invites">
      {invites.map((invite) => (
        <li
          key={invite.userId}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800"
        >
          <Users className="h-4 w-4 text-brand-700" aria-hidden="true" />
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {invite.displayName} is waiting to debate {FORMATS[invite.formatId].name} with you as partners.
          </span>
          <button type="button" className={buttonClass('primary')} disabled={isJoining} onClick={() => onJoin(invite)}>
            Join {invite.displayName}
          </button>
        </li>
      ))}
    </ul>
  );
}
