import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { setAccountRequiredNavigate } from './lib/account-required';
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

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" limit={4} autoClose={5000} className="sb-toasts" />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
