// The frame of the admin area (/admin, /admin_old, /dashboard/users, /admin/blog-team, /admin/codes): a top bar with the area's
// pages, the signed-in reviewer and 'Sign out'.
import { AppShell, Box, Button, Container, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ADMIN_LOGIN_PATH, clearAdminFlag } from '../../guards/admin-session';
import { ApiError, messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminApi, useAdminSession } from './admin-api';

const PAGES = [
  { to: '/admin', label: 'Review queue' },
  { to: '/admin_old', label: 'Decisions' },
  { to: '/dashboard/users', label: 'Users' },
  { to: '/admin/blog-team', label: 'Blog team' },
  { to: '/admin/codes', label: 'Codes' },
] as const;

export function AdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useAdminSession();

  const signOut = useMutation({
    mutationFn: adminApi.logout,
    onSettled: (_r, e) => {
      // An expired session (401) is signed out already.
      if (e && !(e instanceof ApiError && e.status === 401)) return toast.error('Sign out failed', messageOf(e));
      clearAdminFlag();
      // The next sign-in loads everything afresh; the session is gone too, so the sign-in page
      // (which continues a session the server still holds) asks for the password.
      qc.removeQueries({ queryKey: ['admin'] });
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    },
  });

  const nav = (
    <Group gap={4} wrap="nowrap" component="nav" aria-label="Admin pages">
      {PAGES.map((p) => (
        <Button
          key={p.to}
          component={Link}
          to={p.to}
          size="compact-sm"
          variant={pathname === p.to ? 'light' : 'subtle'}
          color="dark"
          aria-current={pathname === p.to ? 'page' : undefined}
        >
          {p.label}
        </Button>
      ))}
    </Group>
  );
  return (
    <AppShell header={{ height: { base: 96, sm: 60 } }} padding="md" bg="gray.0">
      <AppShell.Header>
        <Stack h="100%" gap={4} justify="center" px={{ base: 'xs', sm: 'md' }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon size={32} radius="md" color="dark">
                <IconChartBar size={20} />
              </ThemeIcon>
              <Text fw={800} fz="lg" style={{ whiteSpace: 'nowrap' }}>
                Sheetboard admin
              </Text>
            </Group>
            {/* On a phone the pages go on a second line (below). */}
            <Box visibleFrom="sm">{nav}</Box>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" truncate maw={200} visibleFrom="md" data-testid="admin-name">
                {session.data?.admin.name}
              </Text>
              <Button size="compact-sm" variant="default" leftSection={<IconLogout size={14} />} onClick={() => signOut.mutate()} loading={signOut.isPending}>
                Sign out
              </Button>
            </Group>
          </Group>
          <Box hiddenFrom="sm">{nav}</Box>
        </Stack>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
