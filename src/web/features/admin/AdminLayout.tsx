// The frame of the admin area (/admin, /admin_old, /dashboard/users, /admin/blog-team, /admin/codes): a top bar with the area's
// pages, the signed-in reviewer and 'Sign out'; AdminPage adds a page's title and intro.
import { AppShell, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChartBar, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AreaBrand, AreaMain, useAreaSignOut } from '../../components/StaffArea';
import { PageHeading } from '../../components/PageHeading';
import { ADMIN_LOGIN_PATH, clearAdminFlag } from '../../guards/admin-session';
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
  const session = useAdminSession();
  const signOut = useAreaSignOut({ logout: adminApi.logout, clear: clearAdminFlag, cached: ['admin'], loginPath: ADMIN_LOGIN_PATH });

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
              <AreaBrand icon={IconChartBar} color="dark" size={32} name="Sheetboard admin" />
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
      <AreaMain>{children}</AreaMain>
    </AppShell>
  );
}

/** A page of the area: the frame, the title (also the tab's) with its intro, then the page's parts. */
export function AdminPage({ title, intro, labelId, children }: { title: string; intro: string; labelId?: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Sheetboard admin`);
  return (
    <AdminLayout>
      <Stack gap="md">
        <PageHeading title={title} id={labelId} description={intro} />
        {children}
      </Stack>
    </AdminLayout>
  );
}
