import { useEffect, useState } from 'react';

/**
 * The current time (ms), read when the view mounts and again every `everyMs` while it is before
 * `until`: an event's countdown ticks each second and stops once registration has closed, and a
 * comment's "5 minutes ago" moves on by itself. Reading Date.now() while rendering would make
 * the render impure (and give each render its own idea of "now").
 */
export function useClock(everyMs: number, until = Number.POSITIVE_INFINITY): number {
  const [now, setNow] = useState(() => Date.now());
  const running = now < until;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [running, everyMs]);
  return now;
}
