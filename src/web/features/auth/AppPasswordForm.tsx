// An app user's password from a mailed link (issue 5): a first one (invitation) or a new one
// (reset). Success signs them in and opens the app's home page; a link without its token says so.
import { Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { APP_PASSWORD_MIN } from '../../../shared/api/app-users';
import { Notice } from '../../components/Notice';
import { appAuthApi } from '../../lib/app-auth-api';

export type AppPasswordPurpose = 'invite' | 'reset';

export const APP_PASSWORD_COPY = {
  invite: { title: 'Accept your invitation', intro: 'Choose a password to finish joining this app.', button: 'Set password and continue' },
  reset: { title: 'Set a new password', intro: 'Choose a new password for this app.', button: 'Save new password' },
} as const;

export function AppPasswordForm({ purpose, token }: { purpose: AppPasswordPurpose; token: string }) {
  const copy = APP_PASSWORD_COPY[purpose];
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
            <Notice tone="error">This link is incomplete. Open the link from your e-mail again.</Notice>
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
              {error && <Notice tone="error">{error}</Notice>}
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
