// Register view: name, e-mail, password (8+ characters) and, with confirm_password, the password
// again; POST /api/app-auth/register through data.appAuth signs the new 'read' app user in and
// the app opens its home page. 'Already have an account? Sign in' links to the app's login page.
// In the editor and in template previews the form shows but sends nothing.
import { Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { BlockViewProps } from '../types';
import { registerErrors } from '../auth/auth-forms';
import { appAuthOf, AuthFrame, EmailField, FormMessage, LinkLine, NewPasswordFields, PreviewNote, SignedInNotice, str, SubmitButton, useAuthForm, useNewPassword } from '../auth/AuthParts';

export function RegisterBlock({ config, mode, data }: BlockViewProps) {
  const { auth, app, live } = appAuthOf({ mode, data });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const { errors, busy, edit, run } = useAuthForm(live);
  const newPassword = useNewPassword(config, edit);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { password, confirm } = newPassword;
    void run(
      () => registerErrors({ name, email, password, confirm }),
      () => auth!.register(name.trim(), email.trim(), password),
    );
  };

  const heading = str(config.heading, 'Sign Up');
  return (
    <AuthFrame config={config} heading={heading}>
      <SignedInNotice user={auth?.user ?? null} app={app} />
      <PreviewNote show={!live} />
      <form onSubmit={submit} aria-label={heading} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="name" value={name} onChange={(e) => edit(e.currentTarget.value, setName, 'name')} error={errors.name} maxLength={200} required />
          <EmailField value={email} onChange={(v) => edit(v, setEmail, 'email')} error={errors.email} />
          <NewPasswordFields label="Password" {...newPassword.fields} errors={errors} />
          <FormMessage message={errors.form} />
          <SubmitButton config={config} label={str(config.button_text, 'Create account')} busy={busy} live={live} />
        </Stack>
      </form>
      {config.already_sign_in !== false && <LinkLine app={app} purpose="login" chosen={config.sign_in_page} question="Already have an account?" mode={mode} testId="register-sign-in-link" />}
    </AuthFrame>
  );
}

export default RegisterBlock;
