// /blog-admin/login (shell §2.1, §3, §4): a blog admin signs in with e-mail and password; the
// stored user ({ role, loginTime } with name and e-mail) goes to local storage and the page goes to
// ?redirect= when it is a page of the blog admin area, else /blog-admin. With ?invite=TOKEN the
// same page is "Join the blog team": the invited person sets a password and is signed in.
import { Alert, Anchor, Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { BlogSessionResponse } from '../../../shared/api/blog';
import { BLOG_ROLE_LABELS } from '../../../shared/rules/blog';
import { Loading } from '../../components/Loading';
import { AuthShell } from '../../features/auth/AuthShell';
import { blogApi, blogKeys } from '../../features/blog-admin/blog-admin-api';
import { BLOG_HOME_PATH, BLOG_LOGIN_PATH, blogSessionRemaining, readBlogAdmin, safeBlogRedirect, storedFromSession, writeBlogAdmin } from '../../guards/blog-admin-session';
import { messageOf } from '../../lib/api';

function useSignedIn() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (res: BlogSessionResponse, target: string) => {
    writeBlogAdmin(storedFromSession(res));
    qc.setQueryData(blogKeys.session, res);
    navigate(target, { replace: true });
  };
}

export function BlogAdminLoginPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  if (invite) return <JoinTeam token={invite} />;
  return <SignIn />;
}

function SignIn() {
  useDocumentTitle('Sign in · Blog admin');
  const [params] = useSearchParams();
  const target = safeBlogRedirect(params.get('redirect'), window.location.origin);
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: () => blogApi.login(email.trim(), password),
    onSuccess: (res) => signedIn(res, target),
    // The server's words as they are (a wrong password, too many attempts).
    onError: (e) => setError(messageOf(e)),
  });

  // Signed in already (within the 24 hours): straight on; the guard asks the server.
  const [stored] = useState(() => readBlogAdmin());
  const [valid] = useState(() => !!stored && blogSessionRemaining(stored) > 0);
  if (valid && !login.isPending && !login.isSuccess) return <Navigate to={target} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Please enter your e-mail and password.');
    setError(null);
    login.mutate();
  };

  return (
    <AuthShell title="Blog admin sign in" subtitle="For the people who write and publish the Sheetboard blog.">
      <form onSubmit={submit} aria-label="Blog admin sign in" noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            maxLength={320}
            data-autofocus
            data-testid="blog-login-email"
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            maxLength={200}
            data-testid="blog-login-password"
          />
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="blog-login-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={login.isPending} fullWidth data-testid="blog-login-submit">
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}

function JoinTeam({ token }: { token: string }) {
  useDocumentTitle('Join the blog team · Blog admin');
  const signedIn = useSignedIn();
  const invitation = useQuery({ queryKey: blogKeys.invitation(token), queryFn: () => blogApi.invitation(token), retry: false, staleTime: Infinity });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const accept = useMutation({
    mutationFn: () => blogApi.acceptInvitation(token, password),
    onSuccess: (res) => signedIn(res, BLOG_HOME_PATH),
    onError: (e) => setError(messageOf(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 8) return setError('Please choose a password of at least 8 characters.');
    if (password !== confirm) return setError('The two passwords are not the same.');
    setError(null);
    accept.mutate();
  };

  if (invitation.isPending) return <Loading fullScreen />;
  if (invitation.isError)
    return (
      <AuthShell title="Join the blog team" subtitle="An invitation to write for the Sheetboard blog.">
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="blog-invite-error">
            {messageOf(invitation.error)}
          </Alert>
          <Anchor component={Link} to={BLOG_LOGIN_PATH}>
            Sign in instead
          </Anchor>
        </Stack>
      </AuthShell>
    );

  const who = invitation.data;
  return (
    <AuthShell title="Join the blog team" subtitle="Choose a password to accept your invitation.">
      <form onSubmit={submit} aria-label="Join the blog team" noValidate>
        <Stack>
          <Stack gap={2} data-testid="blog-invite-who">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {who.name}
            </Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {who.email}
              </Text>
              <Badge variant="light">{BLOG_ROLE_LABELS[who.role]}</Badge>
            </Group>
          </Stack>
          {/* The e-mail as a hidden username lets a password manager file the new password correctly. */}
          <input type="email" autoComplete="username" value={who.email} readOnly hidden />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            maxLength={200}
            data-testid="blog-invite-password"
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            maxLength={200}
            data-testid="blog-invite-confirm"
          />
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="blog-invite-submit-error">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={accept.isPending} fullWidth data-testid="blog-invite-submit">
            Join the blog team
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
