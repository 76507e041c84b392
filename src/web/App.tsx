import { MantineProvider } from '@mantine/core';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType } from 'react';
import { RouterProvider } from 'react-router';
import { setAccountRequiredNavigate } from './lib/account-required';
import { PreviewAsBanner } from './components/PreviewAsBanner';
import { router } from './router';
import { theme } from './theme';

// Requests are not retried (shell §7); a refocus refetch keeps a board fresh when the owner comes
// back to the tab. Confirm dialogs (@mantine/modals) are provided by the owner's screens
// (components/OwnerModals), so the guest's entry does not carry them.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});

// 'Account Required' (shell §8) moves to sign-up inside the app, so its toast stays up.
setAccountRequiredNavigate((path) => void router.navigate(path));

// The container's settings (components/Toasts.tsx) hold from the first toast on, before it loads.
notificationsStore.updateState((state) => ({ ...state, limit: 4, defaultPosition: 'top-right' }));

/**
 * The toasts' container, loaded with the first toast (lib/toast.ts puts it in Mantine's store,
 * which the container shows once it is there) and kept from then on. Loaded by hand rather than
 * through React.lazy: a Suspense boundary reveals its content on a timer, and a toast must show
 * at once even where timers wait (a page whose clock is paused, a background tab).
 */
function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  const wanted = notifications.length + queue.length > 0;
  useEffect(() => {
    if (wanted && !Loaded) void import('./components/Toasts').then((m) => setLoaded(() => m.Toasts));
  }, [wanted, Loaded]);
  return Loaded ? <Loaded /> : null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <LazyToasts />
        <PreviewAsBanner />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
