// /admin-login (shell §2.1, §4): the provider's reviewers sign in with e-mail and password. On
// success the admin session flag and its expiry (the server's expires_at) go to session storage
// and the page goes to ?redirect= when it is a path of this site, else /admin. Session storage is
// per tab: a reviewer who opens the admin area in a new tab while the server still holds their
// session (the sb_admin cookie) continues at once, without typing the password again.
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { AuthShell } from '../features/auth/AuthShell';
import { adminApi, adminKeys, useAdminSession } from '../features/admin/admin-api';
import { isAdminFlagValid, readAdminFlag, safeAdminRedirect, writeAdminFlag } from '../guards/admin-session';
import { messageOf } from '../lib/api';

export function AdminLoginPage() {
  useDocumentTitle('Admin sign in · Sheetboard');
  const [params] = useSearchParams();
  const target = safeAdminRedirect(params.get('redirect'), window.location.origin);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: () => adminApi.login(email.trim(), password),
    onSuccess: (res) => {
      writeAdminFlag(res.expires_at);
      qc.setQueryData(adminKeys.session, res);
      navigate(target, { replace: true });
    },
    // The server's words as they are ('Too many attempts', a wrong password).
    onError: (e) => setError(messageOf(e)),
  });

  const flagValid = isAdminFlagValid(readAdminFlag());
  const held = useAdminSession(!flagValid);
  useEffect(() => {
    if (!held.data || flagValid) return;
    writeAdminFlag(held.data.expires_at);
    navigate(target, { replace: true });
  }, [held.data, flagValid, navigate, target]);

  if (flagValid && !login.isPending) return <Navigate to={target} replace />;
  if (held.isPending || held.data) return <Loading fullScreen />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Please enter your e-mail and password.');
    setError(null);
    login.mutate();
  };

  return (
    <AuthShell title="Admin sign in" subtitle="For the Sheetboard team: review templates and see the product's users.">
      <form onSubmit={submit} aria-label="Admin sign in" noValidate>
        <Stack>
          <TextInput label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} data-autofocus />
          <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} maxLength={200} />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
