import { useEffect } from 'react';
import { leaveLiveDebateQuestion } from './away-words';

/**
 * While `isActive`, a click on a link to another page of the app asks first (a debater leaving a live round by any
 * link used to forfeit `forfeitAfterMs` later, silently). Reloading the room is not asked about: it comes straight back.
 */
export function useLeaveGuard(isActive: boolean, forfeitAfterMs: number): void {
  useEffect(() => {
    if (!isActive) return;
    function handleClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      // A new tab or a download (the round's evidence) does not leave the room.
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download'))
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (!window.confirm(leaveLiveDebateQuestion(forfeitAfterMs))) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
    // Capture phase: before the router's own click handler.
    document.addEventListener('click', handleClick, true);
    return () => document.removeEventListener('click', handleClick, true);
  }, [isActive, forfeitAfterMs]);
}
