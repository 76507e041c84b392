// The blog-admin-auth guard (shell §2.2, §4). The stored blog admin user decides at once
// (blog-admin-session.ts: missing → login; unreadable or older than 24 hours → dropped, login; an
// author off their pages → /blog-admin). The server's session is then asked: a 401 drops the stored
// user and goes to the login; its user (the role may have changed) replaces the stored one. When
// the 24 hours end while a page is open, the user is dropped and sent to the login.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { useBlogSession } from '../features/blog-admin/blog-admin-api';
import { ApiError } from '../lib/api';
import { useSessionEnd } from './admin-area-session';
import { blogLoginUrl, clearBlogAdmin, decideBlogAdmin, readBlogAdminRaw, storedFromSession, writeBlogAdmin } from './blog-admin-session';

export function BlogAdminAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [raw, setRaw] = useState(() => readBlogAdminRaw());
  const stored = decideBlogAdmin(raw, location);
  const session = useBlogSession(stored.kind === 'pass');
  const unauthorized = session.error instanceof ApiError && session.error.status === 401;
  const server = session.data;
  // The server's user (the role may have changed) takes the stored one's place, until it is dropped.
  const decision = raw !== null && server ? decideBlogAdmin(JSON.stringify(storedFromSession(server)), location) : stored;
  const remaining = decision.kind === 'pass' ? decision.remaining : 0;
  const loginTime = decision.kind === 'pass' ? decision.user.loginTime : null;

  // The server's answer is the truth: a 401 drops the stored user; its user replaces the stored one.
  useEffect(() => {
    if (unauthorized) {
      clearBlogAdmin();
      return;
    }
    if (server) writeBlogAdmin(storedFromSession(server));
  }, [unauthorized, server]);

  // The end of the 24 hours while the page is open.
  useSessionEnd(loginTime, remaining, () => {
    clearBlogAdmin();
    setRaw(null);
  });

  if (decision.kind === 'sign-in') {
    if (decision.drop) clearBlogAdmin();
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'home') return <Navigate to={decision.to} replace />;
  if (unauthorized) return <Navigate to={blogLoginUrl(location)} replace />;
  if (session.isPending) return <Loading fullScreen />;
  if (session.isError) return <ErrorScreen error={session.error} />;
  return <>{children}</>;
}
