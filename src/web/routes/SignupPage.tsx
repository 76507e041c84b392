import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SignupBody, type UserResponse } from '../../shared/api';
import { AuthShell } from '../features/auth/AuthShell';
import { continueAfterSignIn, templateIdOf, withTemplateId } from '../features/auth/redirect';
import { api, issuesByPath, type Out } from '../lib/api';
import { keys } from '../lib/queries';

type Field = 'name' | 'email' | 'password';

export function SignupPage() {
  useDocumentTitle('Sign up · Sheetboard');
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Sent by the use-template flow (through sign-in's link): after signing up, on to the template.
  const templateId = templateIdOf(useLocation().search);
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const signup = useMutation({
    mutationFn: (body: typeof values) => api.post<Out<typeof UserResponse>>('/api/auth/signup', body),
    onSuccess: async (res) => {
      qc.setQueryData(keys.me, res.user);
      // A new owner's first step (issue 18), unless the template flow brought them here.
      await continueAfterSignIn(templateId, navigate, '/dashboard/start');
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      setErrors(byPath);
      // A duplicate e-mail (409) belongs to the e-mail field; anything else above the form.
      if ((e as { status?: number }).status === 409) setErrors({ email: (e as Error).message });
      else if (Object.keys(byPath).length === 0) setFormError((e as Error).message);
    },
  });

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    // Checked here with the same zod schema the server uses, so the messages match.
    const parsed = SignupBody.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    signup.mutate(values);
  };

  return (
    <AuthShell title="Create your account" subtitle="Turn your spreadsheets into live boards in minutes.">
      <form onSubmit={submit} noValidate aria-label="Sign up">
        <Stack>
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label="Name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} required />
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            description="At least 8 characters"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            required
          />
          <Button type="submit" loading={signup.isPending} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={withTemplateId('/dashboard/auth', templateId)}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
