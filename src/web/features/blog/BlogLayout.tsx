// The frame of the public blog's pages: a top bar with the product's mark (to /blog), the way to
// the templates and the RSS feed, and a footer. The feed is a plain link: the server answers
// /blog/rss.xml, not the app.
import { Anchor, AppShell, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconBuildingStore, IconRss } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from '../../components/BrandLink';

export const RSS_PATH = '/blog/rss.xml';

export function BlogLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  return (
    <AppShell header={{ height: 60 }} padding={0} bg="gray.0">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <BrandLink to="/blog" label="Sheetboard blog" />
            <Button component={Link} to="/blog" variant="subtle" color="dark" size="sm" px="xs">
              Blog
            </Button>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button component={Link} to="/marketplace" variant="subtle" color="dark" size="sm" px="xs" leftSection={<IconBuildingStore size={16} aria-hidden />}>
              Templates
            </Button>
            <Button component="a" href={RSS_PATH} variant="subtle" color="orange" size="sm" px="xs" leftSection={<IconRss size={16} aria-hidden />} data-testid="blog-rss" aria-label="RSS feed of the blog">
              RSS
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {banner}
        <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
          {children}
        </Container>
        <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Sheetboard: boards and apps from your spreadsheets.
              </Text>
              <Group gap="md">
                <Anchor component={Link} to="/blog" size="sm" c="dimmed">
                  Blog
                </Anchor>
                <Anchor component={Link} to="/marketplace" size="sm" c="dimmed">
                  Templates
                </Anchor>
                <Anchor href={RSS_PATH} size="sm" c="dimmed">
                  RSS feed
                </Anchor>
              </Group>
            </Group>
          </Container>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
