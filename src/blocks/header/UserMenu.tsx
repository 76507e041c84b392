// The header's user menu for a signed-in app user (HeaderBlock.tsx loads it lazily: Menu brings
// Popover and Floating UI, which a guest without a session never needs).
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { AppNav } from '../types';
import { initialsOf } from './header-nav';

export function SignedInMenu({ app, image }: { app: AppNav | undefined; image: string | null }) {
  const user = app?.user;
  if (!user) return null;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" data-testid="header-user-menu">
          <Avatar src={image} radius="xl" size={34} color="indigo">
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6} maw={260}>
          {user.name && (
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        {app?.signOut && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => app.signOut?.()}>
              Sign out
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
