import { useEffect, useState } from 'react';

/**
 * The time now, moved on every `everyMs`, so text such as "3 h ago" stays true on a page left open for
 * hours (the tracking page updates itself, so people keep it open).
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
