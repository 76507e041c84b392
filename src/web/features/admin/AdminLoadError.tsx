// A refused admin call. The server's session is the real check: a 401 (the session ended on the
// server, say after a restart) clears the stored flag and goes to the admin login, back here after.
import { Alert } from '@mantine/core';
import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { adminLoginUrl, clearAdminFlag } from '../../guards/admin-session';
import { ApiError, messageOf } from '../../lib/api';

const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401;

/** For mutations: true (and off to the login) when the answer was a 401. */
export function useAdminUnauthorized(): (e: unknown) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (e: unknown) => {
      if (!isUnauthorized(e)) return false;
      clearAdminFlag();
      navigate(adminLoginUrl(location), { replace: true });
      return true;
    },
    [navigate, location],
  );
}

export function AdminLoadError({ error, title }: { error: unknown; title: string }) {
  const location = useLocation();
  if (isUnauthorized(error)) {
    clearAdminFlag();
    return <Navigate to={adminLoginUrl(location)} replace />;
  }
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messageOf(error)}
    </Alert>
  );
}
