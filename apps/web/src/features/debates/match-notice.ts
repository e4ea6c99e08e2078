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

/** A short tone (the match chime, and the clock's sound cues when the debater turns them on). */
export function chime(frequency = 880): void {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.12, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.6);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.6);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio here (or not allowed yet): the title still says it.
  }
}
