import { useEffect, useState } from 'react';
import { serverNow } from './server-time';

/** Server time, refreshed every `intervalMs` while `isActive` (the clock face ticks from this). */
export function useServerNow(isActive: boolean, intervalMs = 100): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [isActive, intervalMs]);
  return isActive ? now : serverNow();
}
