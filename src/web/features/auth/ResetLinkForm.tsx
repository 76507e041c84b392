// Forgot password, without a token: the owner's address, and the same answer whether or not it
// has an account; the link works for 1 hour, once.
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordBody } from '../../../shared/api/account';
import { Notice } from '../../components/Notice';
import { fieldMessage, useFormFields } from '../../components/use-form-fields';
import { api } from '../../lib/api';
import { AuthShell } from './AuthShell';
import { AuthSwitch } from './AuthSwitch';

export function ResetLinkForm() {
  const form = useFormFields({ email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (address: string) => api.post<{ message: string }>('/api/auth/forgot-password', { email: address }),
    onSuccess: (res) => setSent(res.message),
    onError: (e) => form.setErrors({ email: fieldMessage(e, 'email') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(ForgotPasswordBody.safeParse(form.values));
    if (body) ask.mutate(body.email);
  };
  return (
    <AuthShell title="Forgot your password?" subtitle="Enter the e-mail address of your account. We will send you a link to choose a new password.">
      {sent ? (
        <Stack>
          <Notice tone="done" title="Check your inbox">
            {sent} The link works for 1 hour, once.
          </Notice>
          <Button component={Link} to="/dashboard/auth" variant="light">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack>
            <TextInput label="Email" name="email" type="email" autoComplete="email" {...form.field('email')} maxLength={320} required />
            <Button type="submit" loading={ask.isPending} fullWidth>
              Send me a link
            </Button>
            <AuthSwitch question="Remembered it?" to="/dashboard/auth">
              Sign in
            </AuthSwitch>
          </Stack>
        </form>
      )}
    </AuthShell>
  );
}
