// /admin-login (shell §2.1, §4): the provider's reviewers sign in with e-mail and password. On
// success the admin session flag and its expiry (the server's expires_at) go to session storage
// and the page goes to ?redirect= when it is a path of this site, else /admin. Session storage is
// per tab: a reviewer who opens the admin area in a new tab while the server still holds their
// session (the sb_admin cookie) continues at once, without typing the password again.
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { PasswordSignInForm } from '../components/PasswordSignInForm';
import { adminApi, adminKeys, useAdminSession } from '../features/admin/admin-api';
import { AuthShell } from '../features/auth/AuthShell';
import { isAdminFlagValid, readAdminFlag, safeAdminRedirect, writeAdminFlag } from '../guards/admin-session';

export function AdminLoginPage() {
  useDocumentTitle('Admin sign in · Sheetboard');
  const [params] = useSearchParams();
  const target = safeAdminRedirect(params.get('redirect'), window.location.origin);
  const navigate = useNavigate();
  const qc = useQueryClient();

  const flagValid = isAdminFlagValid(readAdminFlag());
  const held = useAdminSession(!flagValid);
  useEffect(() => {
    if (!held.data || flagValid) return;
    writeAdminFlag(held.data.expires_at);
    navigate(target, { replace: true });
  }, [held.data, flagValid, navigate, target]);

  // Signed in already, or just now (the flag is written before the page moves on).
  if (flagValid) return <Navigate to={target} replace />;
  if (held.isPending || held.data) return <Loading fullScreen />;

  return (
    <AuthShell title="Admin sign in" subtitle="For the Sheetboard team: review templates and see the product's users.">
      <PasswordSignInForm
        label="Admin sign in"
        signIn={adminApi.login}
        onSignedIn={(res) => {
          writeAdminFlag(res.expires_at);
          qc.setQueryData(adminKeys.session, res);
          navigate(target, { replace: true });
        }}
      />
    </AuthShell>
  );
}
