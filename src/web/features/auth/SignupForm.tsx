// A new owner's account: name, e-mail and password, checked with the same zod schema the server
// uses (so the messages match); then the first step (/dashboard/start), or the template that sent
// them here.
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SignupBody, type UserResponse } from '../../../shared/api';
import { Notice } from '../../components/Notice';
import { firstIssues, useFormFields } from '../../components/use-form-fields';
import { api, issuesByPath, type Out } from '../../lib/api';
import { signedInAs } from '../../lib/queries';
import { AuthShell } from './AuthShell';
import { AuthSwitch } from './AuthSwitch';
import { TemplateNote } from './TemplateNote';
import { continueAfterSignIn, withTemplateId } from './redirect';

export function SignupForm({ templateId }: { templateId: string | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useFormFields({ name: '', email: '', password: '' });
  const [formError, setFormError] = useState<string | null>(null);

  const signup = useMutation({
    mutationFn: (body: typeof form.values) => api.post<Out<typeof UserResponse>>('/api/auth/signup', body),
    onSuccess: async (res) => {
      signedInAs(qc, res.user);
      // A new owner's first step (issue 18), unless the template flow brought them here.
      await continueAfterSignIn(templateId, navigate, '/dashboard/start');
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      form.setErrors(byPath);
      // A duplicate e-mail (409) belongs to the e-mail field; anything else above the form.
      if ((e as { status?: number }).status === 409) form.setErrors({ email: (e as Error).message });
      else if (Object.keys(byPath).length === 0) setFormError((e as Error).message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = SignupBody.safeParse(form.values);
    if (!parsed.success) return form.setErrors(firstIssues(parsed.error.issues));
    signup.mutate(form.values);
  };

  return (
    <AuthShell title="Create your account" subtitle="Turn your spreadsheets into live boards in minutes.">
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack>
          <TemplateNote templateId={templateId} />
          {formError && <Notice tone="error">{formError}</Notice>}
          <TextInput label="Name" name="name" autoComplete="name" {...form.field('name')} required />
          <TextInput label="Email" name="email" type="email" autoComplete="email" {...form.field('email')} required />
          <PasswordInput label="Password" name="password" autoComplete="new-password" description="At least 8 characters" {...form.field('password')} required />
          <Button type="submit" loading={signup.isPending} fullWidth>
            Sign up
          </Button>
          <AuthSwitch question="Already have an account?" to={withTemplateId('/dashboard/auth', templateId)}>
            Sign in
          </AuthSwitch>
        </Stack>
      </form>
    </AuthShell>
  );
}
