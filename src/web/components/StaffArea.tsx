// What the two signed-in staff areas (the provider's admin area and the blog admin) share. The
// server's session is the real check: a 401 (the session ended on the server, say after a
// restart) clears what the browser stored and goes to the area's login, back here after.
// Sign-out forgets the area's cached answers, so the next person to sign in loads afresh. Both
// frames start their top bar with the area's brand and centre the page below it.
import { Alert, AppShell, Container, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, messageOf } from '../lib/api';
import { toast } from '../lib/toast';

export interface AreaSession {
  /** Drops what the browser keeps of the session (flag, stored user). */
  clear: () => void;
  /** The area's login, with the page to come back to. */
  loginUrl: (original: { pathname: string; search?: string; hash?: string }) => string;
}

const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401;

/** For mutations: true (and off to the login) when the answer was a 401. */
export function useSignInAgain(area: AreaSession): (e: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (e: unknown) => {
      if (!isUnauthorized(e)) return false;
      area.clear();
      navigate(area.loginUrl(location), { replace: true });
      return true;
    },
    [area, navigate, location],
  );
}

/** A refused load: the login on a 401, else the server's words under `title`. */
export function AreaLoadError({ area, error, title }: { area: AreaSession; error: unknown; title: string }) {
  const location = useLocation();
  if (isUnauthorized(error)) {
    area.clear();
    return <Navigate to={area.loginUrl(location)} replace />;
  }
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messageOf(error)}
    </Alert>
  );
}

/** Sign out: the server's session ends, the area's cache goes, and the login page follows. */
export function useAreaSignOut({ logout, clear, cached, loginPath }: { logout: () => Promise<unknown>; clear: () => void; cached: QueryKey; loginPath: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: (_r, e) => {
      // An expired session (401) is signed out already.
      if (e && !isUnauthorized(e)) return toast.error('Sign out failed', messageOf(e));
      clear();
      // The session is gone too, so a login page that continues a session the server still
      // holds asks for the password.
      qc.removeQueries({ queryKey: cached });
      navigate(loginPath, { replace: true });
    },
  });
}

/** The area's name beside its icon, at the left of its top bar. */
export function AreaBrand({ icon: IconShown, color, size, name }: { icon: Icon; color: string; size: number; name: string }) {
  return (
    <>
      <ThemeIcon size={size} radius="md" color={color}>
        <IconShown size={size - 12} />
      </ThemeIcon>
      <Text fw={800} fz="lg" style={{ whiteSpace: 'nowrap' }}>
        {name}
      </Text>
    </>
  );
}

/** The page below the top bar, centred at the areas' width. */
export function AreaMain({ children }: { children: ReactNode }) {
  return (
    <AppShell.Main>
      <Container size="lg" px={0}>
        {children}
      </Container>
    </AppShell.Main>
  );
}
