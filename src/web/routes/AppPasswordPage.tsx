// The pages of the links app users receive by e-mail (issue 5), on the app's own host:
// `/accept-invitation?token=…` (set a first password) and `/reset-password?token=…` (a new one).
// Success signs them in and opens the app's home page.
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { APP_PASSWORD_MIN } from '../../shared/api/app-users';
import { appAuthApi } from '../lib/app-auth-api';

const COPY = {
  invite: { title: 'Accept your invitation', intro: 'Choose a password to finish joining this app.', button: 'Set password and continue' },
  reset: { title: 'Set a new password', intro: 'Choose a new password for this app.', button: 'Save new password' },
} as const;

export function AppPasswordPage({ purpose }: { purpose: 'invite' | 'reset' }) {
  const copy = COPY[purpose];
  useDocumentTitle(copy.title);
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password.length < APP_PASSWORD_MIN) return setError(`Password must be at least ${APP_PASSWORD_MIN} characters`);
    if (password !== confirm) return setError('The passwords do not match');
    setBusy(true);
    try {
      const auth = appAuthApi();
      await (purpose === 'invite' ? auth.acceptInvitation(token, password) : auth.resetPassword(token, password));
      // A full load: the app starts again with the new session.
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={420} w="100%" shadow="sm">
        {!token ? (
          <Stack gap="sm">
            <Title order={2}>{copy.title}</Title>
            <Alert color="red" variant="light" role="alert">
              This link is incomplete. Open the link from your e-mail again.
            </Alert>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label={copy.title}>
            <Stack gap="md">
              <div>
                <Title order={2}>{copy.title}</Title>
                <Text c="dimmed" size="sm" mt={4}>
                  {copy.intro}
                </Text>
              </div>
              <PasswordInput label="Password" description={`At least ${APP_PASSWORD_MIN} characters`} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
              <PasswordInput label="Confirm password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} required />
              {error && (
                <Alert color="red" variant="light" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={busy}>
                {copy.button}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}

export const AcceptInvitationPage = () => <AppPasswordPage purpose="invite" />;
export const ResetPasswordPage = () => <AppPasswordPage purpose="reset" />;
