// The frame of /blog-admin: a side navigation (a menu button on a phone) with the area's pages,
// "View blog", the signed-in person and "Sign out". Authors see only Overview and New post
// (shell §2.2: the other pages send them back to /blog-admin).
import { Anchor, AppShell, Avatar, Box, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconCategory, IconExternalLink, IconFilePencil, IconFileText, IconHome, IconLogout, IconNews, IconPhoto, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BLOG_ROLE_LABELS, isBlogEditor } from '../../../shared/rules/blog';
import { AreaBrand, AreaMain, useAreaSignOut } from '../../components/StaffArea';
import { BLOG_LOGIN_PATH, clearBlogAdmin, readBlogAdmin } from '../../guards/blog-admin-session';
import { safeLink } from '../admin/format';
import { blogApi, blogKeys, useBlogSession } from './blog-admin-api';

const PAGES = [
  { to: '/blog-admin', label: 'Overview', icon: IconHome, editorsOnly: false, exact: true },
  { to: '/blog-admin/blogs', label: 'Posts', icon: IconFileText, editorsOnly: true, exact: false },
  { to: '/blog-admin/add-blog', label: 'New post', icon: IconFilePencil, editorsOnly: false, exact: true },
  { to: '/blog-admin/categories', label: 'Categories', icon: IconCategory, editorsOnly: true, exact: false },
  { to: '/blog-admin/authors', label: 'Authors', icon: IconUsers, editorsOnly: true, exact: false },
  { to: '/blog-admin/media', label: 'Media', icon: IconPhoto, editorsOnly: true, exact: false },
] as const;

/** The signed-in blog admin's role: the server's answer, else the stored one. */
export function useBlogRole(): string {
  const session = useBlogSession();
  return session.data?.user.role ?? readBlogAdmin()?.role ?? 'author';
}

export function BlogAdminLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const session = useBlogSession();
  const role = useBlogRole();
  const editor = isBlogEditor(role);
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = session.data?.user;

  const signOut = useAreaSignOut({ logout: blogApi.logout, clear: clearBlogAdmin, cached: blogKeys.all, loginPath: BLOG_LOGIN_PATH });

  const here = (p: (typeof PAGES)[number]) => (p.exact ? pathname.replace(/\/+$/, '') === p.to : pathname === p.to || pathname.startsWith(`${p.to}/`));

  return (
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md" bg="gray.0">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close the menu' : 'Open the menu'} />
              <AreaBrand icon={IconNews} color="indigo" size={30} name="Blog admin" />
            </Group>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Anchor href="/blog" target="_blank" rel="noopener" size="sm" visibleFrom="sm">
                <Group gap={4} wrap="nowrap">
                  View blog <IconExternalLink size={14} />
                </Group>
              </Anchor>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          <AppShell.Section grow component="nav" aria-label="Blog admin pages">
            {PAGES.filter((p) => editor || !p.editorsOnly).map((p) => (
              <NavLink
                key={p.to}
                component={Link}
                to={p.to}
                label={p.label}
                leftSection={<p.icon size={18} />}
                active={here(p)}
                aria-current={here(p) ? 'page' : undefined}
                onClick={close}
                data-testid={`blog-nav-${p.to.split('/')[2] ?? 'overview'}`}
              />
            ))}
            <NavLink href="/blog" target="_blank" rel="noopener" label="View blog" leftSection={<IconExternalLink size={18} />} data-testid="blog-nav-view-blog" />
          </AppShell.Section>
          <AppShell.Section>
            <Stack gap="xs" p="xs">
              {user && (
                <Group gap="xs" wrap="nowrap">
                  <Avatar src={user.avatar ? safeLink(user.avatar) : null} alt="" radius="xl" size="sm" name={user.name} color="initials" />
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate data-testid="blog-admin-name">
                      {user.name}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="blog-admin-role">
                      {BLOG_ROLE_LABELS[user.role]}
                    </Text>
                  </Box>
                </Group>
              )}
              <Button variant="default" size="sm" leftSection={<IconLogout size={16} />} onClick={() => signOut.mutate()} loading={signOut.isPending} data-testid="blog-sign-out">
                Sign out
              </Button>
            </Stack>
          </AppShell.Section>
        </AppShell.Navbar>
        <AreaMain>{children}</AreaMain>
      </AppShell>
    </ModalsProvider>
  );
}

/** The area's pages as child routes of one frame (the navigation stays while pages change). */
export function BlogAdminFrame() {
  return (
    <BlogAdminLayout>
      <Outlet />
    </BlogAdminLayout>
  );
}
