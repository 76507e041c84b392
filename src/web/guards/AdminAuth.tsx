// The admin-auth guard (shell §2.2, §4): the stored admin session flag must be there and not
// expired, else /admin-login?redirect=<original path and query>. The server's session is then
// asked (GET /api/admin/session); its 401 clears the flag and goes to the login too. When the
// expiry comes while a page is open, the flag is cleared and the admin sent to the login.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { useAdminSession } from '../features/admin/admin-api';
import { ApiError } from '../lib/api';
import { useSessionEnd } from './admin-area-session';
import { adminFlagRemaining, adminLoginUrl, clearAdminFlag, readAdminFlag, writeAdminFlag } from './admin-session';

export function AdminAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [flag, setFlag] = useState(() => readAdminFlag());
  const valid = adminFlagRemaining(flag) > 0;
  const session = useAdminSession(valid);
  const unauthorized = session.error instanceof ApiError && session.error.status === 401;
  // The server's expiry, once known, replaces the stored one.
  const serverExpiry = session.data?.expires_at;
  const expiresAt = valid ? (serverExpiry ?? flag?.expiresAt ?? null) : null;

  // The server's answer is the truth: a 401 drops the flag, its expiry is stored.
  useEffect(() => {
    if (unauthorized) clearAdminFlag();
    else if (valid && serverExpiry) writeAdminFlag(serverExpiry);
  }, [unauthorized, valid, serverExpiry]);

  // Expiry while the page is open: clear and go to the login.
  useSessionEnd(expiresAt, expiresAt ? adminFlagRemaining({ authenticated: true, expiresAt }) : 0, () => {
    clearAdminFlag();
    setFlag(null);
  });

  if (!valid || unauthorized) {
    if (!valid) clearAdminFlag();
    return <Navigate to={adminLoginUrl(location)} replace />;
  }
  if (session.isPending) return <Loading fullScreen />;
  if (session.isError) return <ErrorScreen error={session.error} />;
  return <>{children}</>;
}
