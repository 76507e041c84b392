// Auth view: the app user signed in to this app (initials, name, e-mail, permission) with a Sign out
// button (data.appAuth.signOut: the session ends, the app reloads what it shows and opens its home
// page), or, for visitors who have not signed in, a short text and a Sign in button to the app's
// login page. The app's owner looking at the published app is named as such (they are not an app
// user and have nothing to sign out of here). The editor shows the signed-out state and a note.
import { Avatar, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { BlockFrame } from '../BlockFrame';
import { isPlainClick } from '../header/header-nav';
import type { BlockViewProps } from '../types';
import { authPage, initials, permissionLabel, serverErrors } from './auth-forms';
import { appAuthOf, colorOf, FormMessage, str } from './AuthParts';

export function AuthBlock({ config, mode, data }: BlockViewProps) {
  const { auth, app, live } = appAuthOf({ mode, data });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const color = colorOf(config, 'button_color', '#4f46e5');
  const user = mode === 'view' ? (auth?.user ?? null) : null;

  if (mode === 'view' && auth?.loading)
    return (
      <BlockFrame config={config}>
        <Group justify="center" py="sm">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      </BlockFrame>
    );

  if (user) {
    const signOut = async () => {
      if (!auth || !live || busy) return;
      setBusy(true);
      setError(undefined);
      try {
        await auth.signOut();
      } catch (err) {
        setError(serverErrors(err).form);
      } finally {
        setBusy(false);
      }
    };
    return (
      <BlockFrame config={config}>
        <Stack gap="xs" data-testid="auth-user">
          <Group justify="space-between" wrap="wrap" gap="md">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar radius="xl" size={44} color="indigo" aria-hidden>
                {initials(user)}
              </Avatar>
              <Box style={{ minWidth: 0 }}>
                <Group gap={8} wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="auth-user-name">
                    {user.name || user.email}
                  </Text>
                  {config.show_permission !== false && (
                    <Badge variant="light" color="indigo" size="sm" aria-label={`Permission: ${permissionLabel(user.permissions)}`}>
                      {permissionLabel(user.permissions)}
                    </Badge>
                  )}
                </Group>
                {config.show_email !== false && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                )}
              </Box>
            </Group>
            <Button variant="outline" color={color} leftSection={<IconLogout size={16} />} loading={busy} disabled={!live} onClick={() => void signOut()}>
              {str(config.sign_out_text, 'Sign out')}
            </Button>
          </Group>
          <FormMessage message={error} />
        </Stack>
      </BlockFrame>
    );
  }

  // The owner (or an editor) on the published app: signed in to Sheetboard, not as an app user.
  if (mode === 'view' && data.viewer.role === 'admin' && data.viewer.email)
    return (
      <BlockFrame config={config}>
        <Group gap="sm" wrap="nowrap" data-testid="auth-owner">
          <Avatar radius="xl" size={44} color="gray" aria-hidden>
            {initials({ name: '', email: data.viewer.email })}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Group gap={8}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {data.viewer.email}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                Admin
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              You are looking at this app as one of its admins.
            </Text>
          </Box>
        </Group>
      </BlockFrame>
    );

  const loginPage = app ? authPage(app.pages, 'login', { chosen: config.sign_in_page, current: app.currentPage?.slug ?? null }) : null;
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!app || !loginPage || !isPlainClick(e)) return;
    e.preventDefault();
    app.goTo(loginPage.slug);
  };
  return (
    <BlockFrame config={config}>
      <Stack gap="xs" data-testid="auth-signed-out">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar radius="xl" size={44} color="gray" aria-hidden />
            <Text size="sm">{str(config.signed_out_text, 'You are not signed in.')}</Text>
          </Group>
          {app && loginPage && (
            <Button component="a" href={app.hrefOf(loginPage.slug)} onClick={open} color={color} leftSection={<IconLogin size={16} />}>
              {str(config.sign_in_text, 'Sign in')}
            </Button>
          )}
        </Group>
        {mode === 'edit' && (
          <Text size="xs" c="dimmed" fs="italic">
            Signed-in app users see their name, e-mail and permission here, with a Sign out button.
            {!loginPage && ' Add a page with the slug login (with a Login block) to show the Sign in button.'}
          </Text>
        )}
      </Stack>
    </BlockFrame>
  );
}

export default AuthBlock;
