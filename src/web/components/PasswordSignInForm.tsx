// The e-mail and password form of the staff logins (/admin-login, /blog-admin/login). Both
// fields are checked for presence only; the server's refusal (a wrong password, too many
// attempts) shows as it is worded.
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../lib/api';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';

interface TestIds {
  email: string;
  password: string;
  error: string;
  submit: string;
}

export function PasswordSignInForm<R>({
  label,
  signIn,
  onSignedIn,
  testIds,
}: {
  /** The form's accessible name. */
  label: string;
  signIn: (email: string, password: string) => Promise<R>;
  onSignedIn: (res: R) => void;
  testIds?: TestIds;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: () => signIn(email.trim(), password),
    onSuccess: onSignedIn,
    onError: (e) => setError(messageOf(e)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Please enter your e-mail and password.');
    setError(null);
    login.mutate();
  };

  return (
    <form onSubmit={submit} aria-label={label} noValidate>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          maxLength={320}
          data-autofocus
          data-testid={testIds?.email}
        />
        <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} testId={testIds?.password} />
        <FormError testId={testIds?.error}>{error}</FormError>
        <Button type="submit" loading={login.isPending} fullWidth data-testid={testIds?.submit}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
