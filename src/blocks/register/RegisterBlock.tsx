// Register view: name, e-mail, password (8+ characters) and, with confirm_password, the password
// again; POST /api/app-auth/register through data.appAuth signs the new 'read' app user in and
// the app opens its home page. 'Already have an account? Sign in' links to the app's login page.
// In the editor and in template previews the form shows but sends nothing.
import { Box, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { BlockFrame } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { authPage, registerErrors } from '../auth/auth-forms';
import { AuthCard, EmailField, FormMessage, Headings, LinkLine, NewPasswordFields, PreviewNote, SignedInNotice, str, SubmitButton, useAuthForm } from '../auth/AuthParts';

export function RegisterBlock({ config, mode, data }: BlockViewProps) {
  const auth = data.appAuth;
  const app = data.app;
  const live = mode === 'view' && !!auth?.live;
  const confirmWanted = config.confirm_password !== false;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, busy, edit, run } = useAuthForm(live && !!auth);

  const signInPage = config.already_sign_in !== false && app ? authPage(app.pages, 'login', { chosen: config.sign_in_page, current: app.currentPage?.slug ?? null }) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => registerErrors({ name, email, password, confirm: confirmWanted ? confirm : null }),
      () => auth!.register(name.trim(), email.trim(), password),
    );
  };

  const heading = str(config.heading, 'Sign Up');
  return (
    <BlockFrame config={config}>
      <Box py="md">
        <AuthCard label={heading}>
          <Headings title={heading} />
          <SignedInNotice user={auth?.user ?? null} app={app} />
          <PreviewNote show={!live} />
          <form onSubmit={submit} aria-label={heading} noValidate>
            <Stack gap="sm">
              <TextInput label="Name" autoComplete="name" value={name} onChange={(e) => edit(e.currentTarget.value, setName, 'name')} error={errors.name} maxLength={200} required />
              <EmailField value={email} onChange={(v) => edit(v, setEmail, 'email')} error={errors.email} />
              <NewPasswordFields
                label="Password"
                password={password}
                confirm={confirm}
                confirmWanted={confirmWanted}
                onPassword={(v) => edit(v, setPassword, 'password')}
                onConfirm={(v) => edit(v, setConfirm, 'confirm')}
                errors={errors}
              />
              <FormMessage message={errors.form} />
              <SubmitButton config={config} label={str(config.button_text, 'Create account')} busy={busy} live={live} />
            </Stack>
          </form>
          {config.already_sign_in !== false && (
            <LinkLine
              app={app}
              page={signInPage}
              question="Already have an account?"
              action="Sign in"
              missing="Add a page with the slug login (with a Login block) to show the sign-in link."
              mode={mode}
              testId="register-sign-in-link"
            />
          )}
        </AuthCard>
      </Box>
    </BlockFrame>
  );
}

export default RegisterBlock;
