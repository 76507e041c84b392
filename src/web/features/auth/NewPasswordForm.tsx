// Forgot password, with the mailed token: a new password under the sign-up rules, typed twice;
// then every session of the account ends and the owner signs in with it. A spent or expired link
// says so as the page opens (the link is checked, not spent), with the way to a new one.
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ResetPasswordBody } from '../../../shared/api/account';
import { Notice } from '../../components/Notice';
import { useFormFields, type FieldErrors } from '../../components/use-form-fields';
import { api, ApiError, issuesByPath } from '../../lib/api';
import { keys } from '../../lib/queries';
import { repeatMessage } from '../account/new-password';
import { AuthMessage } from './AuthMessage';
import { AuthShell } from './AuthShell';
import { Loading } from '../../components/Loading';

export function NewPasswordForm({ token }: { token: string }) {
  const qc = useQueryClient();
  const form = useFormFields({ password: '', repeat: '' });
  const { password, repeat } = form.values;
  const [linkError, setLinkError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A used or expired link says so when its page opens, not after a new password was typed.
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => api.post<{ message: string }>('/api/auth/reset-password/check', { token }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const checkError = check.error instanceof ApiError && check.error.code === 'invalid_token' ? check.error.message : null;
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
      if (byPath.password) form.setErrors({ password: byPath.password });
      else setLinkError((e as Error).message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ResetPasswordBody.safeParse({ token, password });
    const next: FieldErrors<'password' | 'repeat'> = {};
    if (!parsed.success) next.password = parsed.error.issues.find((i) => i.path[0] === 'password')?.message;
    next.repeat = repeatMessage(password, repeat, next.password);
    form.setErrors(next);
    if (!next.password && !next.repeat) reset.mutate();
  };

  if (done)
    return (
      <AuthMessage title="Password changed" subtitle="Every session of your account was signed out.">
        <Notice tone="done">{done}</Notice>
        <Button component={Link} to="/dashboard/auth" replace>
          Sign in
        </Button>
      </AuthMessage>
    );
  if (check.isPending && !done) return <Loading fullScreen />;
  const badLink = linkError ?? checkError;
  if (badLink && !done)
    return (
      <AuthMessage title="This link does not work any more" subtitle="Links to choose a new password work for 1 hour, once.">
        <Notice tone="error">{badLink}</Notice>
        <Button component={Link} to="/dashboard/forgetPassword" replace>
          Send me a new link
        </Button>
      </AuthMessage>
    );
  return (
    <AuthShell title="Choose a new password" subtitle="At least 8 characters, not a common one. Your other sessions will be signed out.">
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack>
          <PasswordInput label="New password" name="password" autoComplete="new-password" {...form.field('password')} maxLength={200} required />
          <PasswordInput label="Repeat the new password" name="repeat" autoComplete="new-password" {...form.field('repeat')} maxLength={200} required />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthShell>
  );
}
