import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UserResponse } from '../../shared/api';
import { Loading } from '../components/Loading';
import { AuthShell } from '../features/auth/AuthShell';
import { continueAfterSignIn, templateIdOf, withTemplateId } from '../features/auth/redirect';
import { api, issuesByPath, type Out } from '../lib/api';
import { keys, useMe } from '../lib/queries';
import { toast } from '../lib/toast';

export function AuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  // The use-template flow sends visitors here with template_id: after signing in they go back to it.
  const templateId = templateIdOf(useLocation().search);
  // Signed in by the form just now: the form goes on (stored redirect, template, dashboard); the
  // "already signed in" ways out below would race it to another page.
  const [justSignedIn, setJustSignedIn] = useState(false);
  if (token) return <TokenLanding token={token} templateId={templateId} />;
  if (me.isPending || (me.data && justSignedIn)) return <Loading fullScreen />;
  if (me.data) return templateId ? <SignedInAlready templateId={templateId} /> : <Navigate to="/dashboard" replace />;
  return <SignInForm templateId={templateId} onSignedIn={() => setJustSignedIn(true)} />;
}

/** Signed in already and sent here by the use-template flow: straight on to the template. */
function SignedInAlready({ templateId }: { templateId: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void continueAfterSignIn(templateId, navigate);
  }, [templateId, navigate]);
  return <Loading fullScreen />;
}

/** The magic-link landing: sign in with the token, store the user, then go on (shell §4). */
function TokenLanding({ token, templateId }: { token: string; templateId: string | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice; a token works only once.
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const { user } = await api.post<Out<typeof UserResponse>>('/api/auth', { token });
        qc.setQueryData(keys.me, user);
      } catch (e) {
        setError((e as Error).message);
        return;
      }
      await continueAfterSignIn(templateId, navigate);
    })();
  }, [token, templateId, navigate, qc]);

  if (!error) return <Loading fullScreen text="Signing you in..." />;
  return (
    <AuthShell title="Sign-in link not valid" subtitle="Links work once and expire after 15 minutes.">
      <Stack>
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
        <Button component={Link} to="/dashboard/auth" replace>
          Back to sign in
        </Button>
      </Stack>
    </AuthShell>
  );
}

function SignInForm({ templateId, onSignedIn }: { templateId: string | null; onSignedIn: () => void }) {
  useDocumentTitle('Sign in · Sheetboard');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  const login = useMutation({
    mutationFn: () => api.post<Out<typeof UserResponse>>('/api/auth/login', { email, password }),
    onSuccess: async (res) => {
      onSignedIn();
      qc.setQueryData(keys.me, res.user);
      await continueAfterSignIn(templateId, navigate);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) setErrors(byPath);
      else setFormError((e as Error).message);
    },
  });

  const magic = useMutation({
    mutationFn: () => api.post('/api/auth/magic-link', { email }),
    onSuccess: () => {
      setLinkSent(true);
      toast.success('Check your inbox', `We sent a sign-in link to ${email}. It works for 15 minutes.`);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (byPath.email) setErrors({ email: byPath.email });
      else toast.error('Could not send the link', (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next: typeof errors = {};
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (!next.email && !next.password) login.mutate();
  };

  const sendLink = () => {
    setFormError(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setErrors({ email: 'Enter your email address first' });
      return;
    }
    magic.mutate();
  };

  return (
    <AuthShell title="Sign in" subtitle="Welcome back. Sign in to see your boards.">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {linkSent && (
            <Alert color="teal" variant="light">
              Sign-in link sent. Open it from your inbox on this device.
            </Alert>
          )}
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((er) => ({ ...er, email: undefined }));
            }}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((er) => ({ ...er, password: undefined }));
            }}
            error={errors.password}
            required
          />
          <Anchor component={Link} to="/dashboard/forgetPassword" size="sm" mt={-8} style={{ alignSelf: 'flex-end' }}>
            Forgot password?
          </Anchor>
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
          <Divider label="or" labelPosition="center" />
          <Button variant="light" onClick={sendLink} loading={magic.isPending} fullWidth>
            Email me a sign-in link
          </Button>
          <Text size="sm" ta="center">
            New to Sheetboard?{' '}
            <Anchor component={Link} to={withTemplateId('/dashboard/signup', templateId)}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
