import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { theme } from './theme';

// Requests are not retried (shell §7); a refocus refetch keeps a board fresh when the owner comes
// back to the tab.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
          <Notifications position="top-right" limit={4} autoClose={5000} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
