// "Join the blog team" (/blog-admin/login?invite=TOKEN): the invited person sees whom the
// invitation is for, chooses a password (at least 8 characters, typed twice) and is signed in.
// A used or expired invitation shows the server's words and the way to the sign-in.
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BlogSessionResponse } from '../../../shared/api/blog';
import { BLOG_ROLE_LABELS } from '../../../shared/rules/blog';
import { FormError } from '../../components/FormError';
import { Loading } from '../../components/Loading';
import { PasswordField } from '../../components/PasswordField';
import { BLOG_LOGIN_PATH } from '../../guards/blog-admin-session';
import { messageOf } from '../../lib/api';
import { AuthShell } from '../auth/AuthShell';
import { blogApi, blogKeys } from './blog-admin-api';

export function JoinTeam({ token, onSignedIn }: { token: string; onSignedIn: (res: BlogSessionResponse) => void }) {
  useDocumentTitle('Join the blog team · Blog admin');
  const invitation = useQuery({ queryKey: blogKeys.invitation(token), queryFn: () => blogApi.invitation(token), retry: false, staleTime: Infinity });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const accept = useMutation({
    mutationFn: () => blogApi.acceptInvitation(token, password),
    onSuccess: (res) => onSignedIn(res),
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
          <FormError testId="blog-invite-error">{messageOf(invitation.error)}</FormError>
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
          <PasswordField label="Password" description="At least 8 characters" autoComplete="new-password" value={password} onChange={setPassword} testId="blog-invite-password" />
          <PasswordField label="Confirm password" autoComplete="new-password" value={confirm} onChange={setConfirm} testId="blog-invite-confirm" />
          <FormError testId="blog-invite-submit-error">{error}</FormError>
          <Button type="submit" loading={accept.isPending} fullWidth data-testid="blog-invite-submit">
            Join the blog team
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
