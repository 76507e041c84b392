// The owner's sign-in: e-mail and password, or a sign-in link by e-mail; then on to the stored
// redirect, the template that sent them here, or the dashboard.
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UserResponse } from '../../../shared/api';
import { Notice } from '../../components/Notice';
import { useFormFields } from '../../components/use-form-fields';
import { api, issuesByPath, type Out } from '../../lib/api';
import { signedInAs } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { AuthSwitch } from './AuthSwitch';
import { TemplateNote } from './TemplateNote';
import { continueAfterSignIn, withTemplateId } from './redirect';

export function SignInForm({ templateId, onSignedIn }: { templateId: string | null; onSignedIn: () => void }) {
  useDocumentTitle('Sign in · Sheetboard');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useFormFields({ email: '', password: '' });
  const { email, password } = form.values;
  const [formError, setFormError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  const login = useMutation({
    mutationFn: () => api.post<Out<typeof UserResponse>>('/api/auth/login', { email, password }),
    onSuccess: async (res) => {
      onSignedIn();
      signedInAs(qc, res.user);
      await continueAfterSignIn(templateId, navigate);
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) form.setErrors(byPath);
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
      if (byPath.email) form.setErrors({ email: byPath.email });
      else toast.error('Could not send the link', (e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const next = { email: email.trim() ? undefined : 'Email is required', password: password ? undefined : 'Password is required' };
    form.setErrors(next);
    if (!next.email && !next.password) login.mutate();
  };

  const sendLink = () => {
    setFormError(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return form.setErrors({ email: 'Enter your email address first' });
    magic.mutate();
  };

  return (
    <AuthShell title="Sign in" subtitle={templateId ? "Sign in, or create an account, to use this template." : "Welcome back. Sign in to see your boards."}>
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack>
          <TemplateNote templateId={templateId} />
          {formError && <Notice tone="error">{formError}</Notice>}
          {linkSent && (
            <Alert color="teal" variant="light">
              Sign-in link sent. Open it from your inbox on this device.
            </Alert>
          )}
          <TextInput label="Email" name="email" type="email" autoComplete="email" {...form.field('email')} required />
          <PasswordInput label="Password" name="password" autoComplete="current-password" {...form.field('password')} required />
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
          <AuthSwitch question="New to Sheetboard?" to={withTemplateId('/dashboard/signup', templateId)}>
            Create an account
          </AuthSwitch>
        </Stack>
      </form>
    </AuthShell>
  );
}
