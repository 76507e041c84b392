// Top loading bar (shell §2.3, §9): starts only when something has been pending for 200 ms, so
// fast answers never flash it. Pending = route navigation, queries, mutations or lazy chunks.
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';

const THROTTLE_MS = 200;

// Suspense fallbacks register here so lazy chunks count as pending too.
let suspended = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
export const pendingChunks = {
  add: () => {
    suspended += 1;
    emit();
  },
  remove: () => {
    suspended = Math.max(0, suspended - 1);
    emit();
  },
};
function useSuspended() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => suspended,
  );
}

/** Put inside a Suspense fallback to count the lazy load as pending. */
export function ChunkPending() {
  useEffect(() => {
    pendingChunks.add();
    return pendingChunks.remove;
  }, []);
  return null;
}

export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const chunks = useSuspended();
  const busy = fetching + mutating + chunks > 0 || navigation.state !== 'idle';

  useEffect(() => {
    if (!busy) {
      nprogress.complete();
      return;
    }
    const timer = window.setTimeout(() => nprogress.start(), THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return <NavigationProgress size={3} aria-label="Loading" />;
}
