// Work that must happen once per mount when it first may (following a one-time link, a sign-in
// hand-off): StrictMode runs effects twice, and a spent link must not be sent again.
import { useEffect, useRef } from 'react';

export function useOnce(run: () => void, when = true) {
  const done = useRef(false);
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    run();
  });
}
