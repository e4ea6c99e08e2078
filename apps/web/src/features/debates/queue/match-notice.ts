import { chime } from '../chime';

/**
 * Tells a debater whose tab is in the background that they were matched: the tab's title changes until they look,
 * and a short chime plays when the browser allows sound (the user pressed "Find an opponent" in this tab).
 */
const MATCHED_TITLE = 'Matched! Your debate is starting — Resolved';

export function noticeMatch(): void {
  if (!document.hidden) return;
  // The room page sets its own title as it opens: keep the notice until the debater looks, then show theirs.
  let wanted = document.title;
  document.title = MATCHED_TITLE;
  const titleElement = document.querySelector('title');
  const observer = new MutationObserver(() => {
    if (document.title === MATCHED_TITLE) return;
    wanted = document.title;
    document.title = MATCHED_TITLE;
  });
  if (titleElement) observer.observe(titleElement, { childList: true, characterData: true, subtree: true });
  const restore = () => {
    if (document.hidden) return;
    observer.disconnect();
    document.title = wanted;
    document.removeEventListener('visibilitychange', restore);
  };
  document.addEventListener('visibilitychange', restore);
  chime();
}
