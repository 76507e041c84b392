// The sign-in screen of a password app (issue 5) when the app has no sign-in page of its own:
// its app users sign in with the e-mail and the password they set from their invitation, or ask
// for a reset link. A lazy chunk: only visitors of such an app download it.
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { appAuthApi } from '../lib/app-auth-api';
import type { BoardState } from './board-state';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Something went wrong. Please try again.');

export function AppSignIn({ board }: { board: BoardState }) {
  const name = board.title || board.name;
  useDocumentTitle(`Sign in · ${name}`);
  const client = useQueryClient();
  const [mode, setMode] = useState<'sign-in' | 'forgot' | 'sent'>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const auth = appAuthApi(board.appId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!email.trim()) return setError('Email is required');
    if (mode === 'sign-in' && !password) return setError('Password is required');
    setBusy(true);
    try {
      if (mode === 'sign-in') {
        await auth.login(email.trim(), password);
        // Everything this visitor sees depends on the new session.
        await client.invalidateQueries();
      } else {
        await auth.forgotPassword(email.trim());
        setMode('sent');
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md" bg={board.colors.board_background}>
      <Paper withBorder radius="lg" p="xl" maw={420} w="100%" shadow="sm">
        <form onSubmit={submit} noValidate aria-label={mode === 'sign-in' ? 'Sign in' : 'Reset your password'}>
          <Stack gap="md">
            <div>
              <Title order={2}>{mode === 'sign-in' ? `Sign in to ${name}` : 'Reset your password'}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {mode === 'sign-in'
                  ? 'This app is for its members. Use the e-mail you were invited with and your password.'
                  : 'Enter your e-mail and we will send you a link to set a new password.'}
              </Text>
            </div>
            {mode === 'sent' ? (
              <Alert color="teal" variant="light" role="status">
                If an account exists for that e-mail, we sent a reset link.
              </Alert>
            ) : (
              <>
                <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
                {mode === 'sign-in' && (
                  <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
                )}
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    {error}
                  </Alert>
                )}
                <Button type="submit" loading={busy}>
                  {mode === 'sign-in' ? 'Sign in' : 'Send reset link'}
                </Button>
              </>
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => (setError(null), setMode(mode === 'sign-in' ? 'forgot' : 'sign-in'))}>
              {mode === 'sign-in' ? 'Forgot password?' : 'Back to sign in'}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
