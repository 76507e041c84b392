// Error screens of shell §2.3. 404 and 403 use the spec's texts verbatim; any other error reuses
// the Access Denied styling with its own message.
import { Anchor, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconMapOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TEMPLATE_REDIRECT_KEY } from '../features/auth/redirect';
import { appSubdomain, useBaseUrl } from '../lib/host';
import { useMe } from '../lib/queries';

/** The card of an error screen: its icon in a circle of the colour, then what it says. */
function ErrorCard({ width, color, icon, children }: { width: number; color: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={width} w="100%" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

export function NotFound() {
  return (
    <ErrorCard width={440} color="indigo" icon={<IconMapOff size={34} />}>
      <Text fw={800} fz={44} c="indigo.6" lh={1}>
        404
      </Text>
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">This page could not be found</Text>
      <Button component="a" href="/" mt="sm">
        Go to Homepage
      </Button>
    </ErrorCard>
  );
}

export const ACCESS_DENIED_TEXT = 'This application is private and you do not have permission to access it.';

export function AccessDenied({ title = 'Access Denied', message = ACCESS_DENIED_TEXT, footer }: { title?: string; message?: string; footer?: ReactNode }) {
  return (
    <ErrorCard width={480} color="red" icon={<IconLock size={34} />}>
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{message}</Text>
      <Button mt="sm" color="red" variant="light" onClick={() => window.location.reload()}>
        Refresh Page
      </Button>
      {footer}
    </ErrorCard>
  );
}

/** Picks the screen for an error thrown by the request layer. */
export function ErrorScreen({ error }: { error: unknown }) {
  const status = (error as { status?: number } | null)?.status;
  if (status === 404) return <NotFound />;
  if (status === 403) return <AccessDenied footer={<OwnerWayIn />} />;
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  return <AccessDenied title="Something went wrong" message={message} />;
}

/**
 * A private app's owner and the workspace's editors sign in on the base host (cookies belong to
 * one host): on the app's own address they are sent there, and there, when not signed in, to the
 * sign-in page, which comes back to the app afterwards.
 */
function OwnerWayIn() {
  const base = useBaseUrl();
  const me = useMe();
  if (!base.data || me.isPending) return null;
  const sub = appSubdomain(base.data);
  if (sub)
    return (
      <Anchor size="sm" href={`${base.data}/${encodeURIComponent(sub)}`} data-testid="owner-way-in">
        Owner or editor of this app? Open it on Sheetboard
      </Anchor>
    );
  if (me.data) return null;
  return (
    <Anchor size="sm" href="/dashboard/auth" onClick={() => localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href)} data-testid="owner-way-in">
      Owner or editor of this app? Sign in
    </Anchor>
  );
}
