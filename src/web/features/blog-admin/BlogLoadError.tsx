// A refused blog-admin call. The server's session is the real check: a 401 (the session ended on
// the server) drops the stored user and goes to the blog login, back here after.
import { Alert } from '@mantine/core';
import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { blogLoginUrl, clearBlogAdmin } from '../../guards/blog-admin-session';
import { ApiError, messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';

const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401;

/** For mutations: shows the server's words in a toast, or (on a 401) goes to the login. */
export function useBlogFailure(): (title: string, e: unknown) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (title: string, e: unknown) => {
      if (isUnauthorized(e)) {
        clearBlogAdmin();
        navigate(blogLoginUrl(location), { replace: true });
        return;
      }
      toast.error(title, messageOf(e));
    },
    [navigate, location],
  );
}

export function BlogLoadError({ error, title }: { error: unknown; title: string }) {
  const location = useLocation();
  if (isUnauthorized(error)) {
    clearBlogAdmin();
    return <Navigate to={blogLoginUrl(location)} replace />;
  }
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {messageOf(error)}
    </Alert>
  );
}
