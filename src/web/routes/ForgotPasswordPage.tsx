// /dashboard/forgetPassword (issue 18), reachable signed out. Without a token: the owner's address,
// and the same answer whether or not it has an account. With ?token=… (the mailed link, 1 hour,
// once): a new password under the sign-up rules; then every session of the account ends and the
// owner signs in with it.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ForgotPasswordBody, ResetPasswordBody } from '../../shared/api/account';
import { AuthShell } from '../features/auth/AuthShell';
import { api, ApiError, issuesByPath } from '../lib/api';
import { keys } from '../lib/queries';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ChooseNewPassword token={token} /> : <AskForLink />;
}

function AskForLink() {
  useDocumentTitle('Forgot password · Sheetboard');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (address: string) => api.post<{ message: string }>('/api/auth/forgot-password', { email: address }),
    onSuccess: (res) => setSent(res.message),
    onError: (e) => setError(issuesByPath(e).email ?? (e as Error).message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ForgotPasswordBody.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
    setError(null);
    ask.mutate(parsed.data.email);
  };
  return (
    <AuthShell title="Forgot your password?" subtitle="Enter the e-mail address of your account. We will send you a link to choose a new password.">
      {sent ? (
        <Stack>
          <Alert color="teal" variant="light" role="status" title="Check your inbox">
            {sent} The link works for 1 hour, once.
          </Alert>
          <Button component={Link} to="/dashboard/auth" variant="light">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack>
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={320}
              required
            />
            <Button type="submit" loading={ask.isPending} fullWidth>
              Send me a link
            </Button>
            <Text size="sm" ta="center">
              Remembered it?{' '}
              <Anchor component={Link} to="/dashboard/auth">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  useDocumentTitle('Choose a new password · Sheetboard');
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/auth/reset-password', { token, password }),
    onSuccess: (res) => {
      // Every session of the account ended, this browser's too.
      qc.setQueryData(keys.me, null);
      qc.removeQueries({ queryKey: ['account'] });
      setDone(res.message);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'invalid_token') return setLinkError(e.message);
      const byPath = issuesByPath(e);
      if (byPath.password) setErrors({ password: byPath.password });
      else setLinkError((e as Error).message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ResetPasswordBody.safeParse({ token, password });
    const next: typeof errors = {};
    if (!parsed.success) next.password = parsed.error.issues.find((i) => i.path[0] === 'password')?.message;
    if (!next.password && password !== repeat) next.repeat = 'The two passwords are not the same';
    setErrors(next);
    if (!next.password && !next.repeat) reset.mutate();
  };

  if (done)
    return (
      <AuthShell title="Password changed" subtitle="Every session of your account was signed out.">
        <Stack>
          <Alert color="teal" variant="light" role="status">
            {done}
          </Alert>
          <Button component={Link} to="/dashboard/auth" replace>
            Sign in
          </Button>
        </Stack>
      </AuthShell>
    );
  if (linkError)
    return (
      <AuthShell title="This link does not work any more" subtitle="Links to choose a new password work for 1 hour, once.">
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {linkError}
          </Alert>
          <Button component={Link} to="/dashboard/forgetPassword" replace>
            Send me a new link
          </Button>
        </Stack>
      </AuthShell>
    );
  return (
    <AuthShell title="Choose a new password" subtitle="At least 8 characters, not a common one. Your other sessions will be signed out.">
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack>
          <PasswordInput
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((er) => ({ ...er, password: undefined }));
            }}
            error={errors.password}
            maxLength={200}
            required
          />
          <PasswordInput
            label="Repeat the new password"
            name="repeat"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => {
              setRepeat(e.currentTarget.value);
              setErrors((er) => ({ ...er, repeat: undefined }));
            }}
            error={errors.repeat}
            maxLength={200}
            required
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
