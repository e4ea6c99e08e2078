import { useEffect, useState } from 'react';

/**
 * The time by `clock` (ms), read again every `intervalMs` while `isActive`; while not, the time of the render. Every
 * ticking display reads it: the debate clock from server time (`serverNow`), the queue's waiting time and cooldown
 * from this browser's.
 */
export function useNow(isActive: boolean, intervalMs: number, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(timer);
  }, [isActive, intervalMs, clock]);
  return isActive ? now : clock();
}
