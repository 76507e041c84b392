// The frame of the marketplace's pages: a top bar with the product name, the listings, and the
// way in (Sign in / Sign up for visitors, who come back to the page they were on; Dashboard for
// signed-in users).
import { BrandLink } from '../../components/BrandLink';
import { AppShell, Button, Container, Group } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../../lib/queries';
import { TEMPLATE_REDIRECT_KEY } from '../auth/redirect';

/** Come back to this page after signing in or up. */
const rememberHere = () => localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href);

const NAV = [
  { to: '/marketplace', label: 'All templates', match: ['/marketplace', '/templates'] },
  { to: '/multipage-templates', label: 'Multipage apps', match: ['/multipage-templates'] },
];

function Nav({ pathname }: { pathname: string }) {
  return NAV.map((n) => {
    const current = n.match.includes(pathname);
    return (
      <Button key={n.to} component={Link} to={n.to} variant={current ? 'light' : 'subtle'} color={current ? undefined : 'dark'} size="sm" aria-current={current ? 'page' : undefined}>
        {n.label}
      </Button>
    );
  });
}

export function MarketplaceLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <BrandLink to="/marketplace" label="Sheetboard marketplace" />
            <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav" aria-label="Template listings">
              <Nav pathname={pathname} />
            </Group>
          </Group>
          {me.isPending ? null : me.data ? (
            <Button component={Link} to="/dashboard" variant="light" leftSection={<IconLayoutDashboard size={16} />}>
              Dashboard
            </Button>
          ) : (
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/dashboard/auth" variant="subtle" color="dark" onClick={rememberHere}>
                Sign in
              </Button>
              <Button component={Link} to="/dashboard/signup" onClick={rememberHere}>
                Sign up
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md">
          {/* On a phone the listings' links sit above the page (the top bar has no room). */}
          {NAV.some((n) => n.match.includes(pathname)) && (
            <Group gap={4} hiddenFrom="sm" mb="sm" component="nav" aria-label="Template listings">
              <Nav pathname={pathname} />
            </Group>
          )}
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
