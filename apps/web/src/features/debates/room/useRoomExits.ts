import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { TDebate } from '@resolved/shared';
import { useSocketEvent } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { peopleOfRound } from './round-people';

/** When the room sends its people away: a round ended by a block, or a spectator someone in the round blocked. */
export function useRoomExits(debateId: number, debate: TDebate | null | undefined, userId: string | undefined): void {
  const navigate = useNavigate();
  // A live round ended by a block: its debaters and judges leave the room (LiveDebateBanner says why, in neutral words).
  const previousStatus = useRef(debate?.status);
  const isSeated = !!debate && !!userId && peopleOfRound(debate).some((p) => p.userId === userId);
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = debate?.status;
    if (before === 'live' && debate?.status === 'abandoned' && debate.isEndedEarly && isSeated) {
      void navigate('/debates');
    }
  }, [debate?.status, debate?.isEndedEarly, isSeated, navigate]);
  // Someone watching whom a debater or the judge blocked: out of the room (leaving it closes audio and video).
  useSocketEvent('debate.watch_ended', ({ debateId: ended }) => {
    if (ended !== debateId) return;
    toast.info('You can no longer watch this round.');
    void navigate('/debates');
  });
}
