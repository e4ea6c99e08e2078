import { useCallback, useState } from 'react';

/**
 * The videos the browser would not start with sound (before the person's first click): one click on the panel's
 * button starts them all (it counts for each `play()`).
 */
export function useBlockedVideos() {
  const [blocked, setBlocked] = useState<HTMLVideoElement[]>([]);
  const handleBlockedChange = useCallback((video: HTMLVideoElement, isBlocked: boolean) => {
    setBlocked((current) => {
      const others = current.filter((v) => v !== video);
      return isBlocked ? [...others, video] : others.length === current.length ? current : others;
    });
  }, []);

  function handlePlayAll() {
    for (const video of blocked) {
      video.play().then(
        () => handleBlockedChange(video, false),
        () => undefined,
      );
    }
  }

  return { hasBlocked: blocked.length > 0, handleBlockedChange, handlePlayAll };
}
