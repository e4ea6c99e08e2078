import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSocketEvent } from '../../../lib/socket';
import { leaveQueue } from '../debates-queries';
import { noticeMatch } from './match-notice';

/**
 * How the queue card's tab leaves the queue: leaving the waiting screen (another page) ends the search, so nobody is
 * matched with someone who left (closing the tab does the same on the server: the last connection closed); a match
 * takes this tab to the room when it was the one waiting, or made a challenge link — any other tab of the same
 * debater shows the "You are in a live debate" banner instead of leaving the page it is on. Returns `handleMatched`,
 * for a match the join itself answered.
 */
export function useQueueExits(isWaiting: boolean, hasChallenge: boolean): (debateId: number) => void {
  const navigate = useNavigate();
  const isWaitingRef = useRef(false);
  useEffect(() => {
    isWaitingRef.current = isWaiting;
  }, [isWaiting]);
  useEffect(
    () => () => {
      if (isWaitingRef.current) void leaveQueue().catch(() => undefined);
    },
    [],
  );
  const hasChallengeRef = useRef(false);
  useEffect(() => {
    hasChallengeRef.current = hasChallenge;
  }, [hasChallenge]);
  useSocketEvent('debate.matched', ({ debateId }) => {
    if (!isWaitingRef.current && !hasChallengeRef.current) return;
    isWaitingRef.current = false;
    noticeMatch();
    void navigate(`/debates/${debateId}`);
  });
  return (debateId) => {
    isWaitingRef.current = false;
    void navigate(`/debates/${debateId}`);
  };
}
