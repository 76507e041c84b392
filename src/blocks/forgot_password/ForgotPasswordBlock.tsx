// Forgot password view, two steps on one block:
//   1. the e-mail: POST /api/app-auth/forgot-password always answers the same, so the form always
//      says 'If an account exists for that e-mail, we sent a reset link.';
//   2. opened from the mailed link (`?token=`, data.appAuth.token): the new password, twice with
//      confirm_password; the server signs the user in and the app opens its home page. On an
//      /accept-invitation page the same step sets an invited user's first password.
// 'Remember your password? Sign in' links to the app's login page. In the editor and in template
// previews the form shows but sends nothing.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { BlockViewProps } from '../types';
import { forgotErrors, MESSAGES, newPasswordFormErrors } from '../auth/auth-forms';
import { appAuthOf, AuthFrame, EmailField, FormMessage, LinkLine, NewPasswordFields, PreviewNote, str, SubmitButton, useAuthForm, useNewPassword } from '../auth/AuthParts';

export function ForgotPasswordBlock({ config, mode, data }: BlockViewProps) {
  const { auth, app, live } = appAuthOf({ mode, data });
  const [email, setEmail] = useState('');
  const { errors, setErrors, busy, edit, run } = useAuthForm(live);
  const newPassword = useNewPassword(config, edit);
  const [sent, setSent] = useState(false);
  /** A dead link (expired, used) gives way to the e-mail step: the visitor asks for a new one. */
  const [dropToken, setDropToken] = useState(false);

  const token = mode === 'view' && !dropToken ? (auth?.token ?? null) : null;

  const request = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => forgotErrors({ email }),
      async () => {
        await auth!.forgotPassword(email.trim());
        setSent(true);
      },
    );
  };

  const setNew = (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const { password, confirm } = newPassword;
    void run(
      () => newPasswordFormErrors({ password, confirm }),
      () => (token.purpose === 'invitation' ? auth!.acceptInvitation(token.value, password) : auth!.resetPassword(token.value, password)),
    );
  };

  const signInLine =
    config.remember_password !== false ? <LinkLine app={app} purpose="login" chosen={config.sign_in_page} question="Remember your password?" mode={mode} testId="forgot-sign-in-link" /> : null;

  if (token) {
    const heading = token.purpose === 'invitation' ? 'Set your password' : 'Choose a new password';
    return (
      <AuthFrame config={config} heading={heading}>
        <PreviewNote show={!live} />
        <form onSubmit={setNew} aria-label={heading} noValidate>
          <Stack gap="sm">
            <NewPasswordFields label="New password" {...newPassword.fields} errors={errors} />
            <FormMessage message={errors.form} />
            <SubmitButton config={config} label="Save password" busy={busy} live={live} />
            {errors.form && token.purpose === 'reset' && (
              <Button
                variant="subtle"
                size="sm"
                onClick={() => {
                  setDropToken(true);
                  setErrors({});
                }}
              >
                Request a new link
              </Button>
            )}
          </Stack>
        </form>
        {signInLine}
      </AuthFrame>
    );
  }

  const heading = str(config.heading, 'Forgot your password?');
  return (
    <AuthFrame config={config} heading={heading}>
      {sent ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status" data-testid="forgot-sent">
          <Text size="sm">{MESSAGES.resetSent}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            The link works once, for one hour. Check your spam folder if it does not arrive.
          </Text>
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
          <PreviewNote show={!live} />
          <form onSubmit={request} aria-label={heading} noValidate>
            <Stack gap="sm">
              <EmailField value={email} onChange={(v) => edit(v, setEmail, 'email')} error={errors.email} />
              <FormMessage message={errors.form} />
              <SubmitButton config={config} label={str(config.button_text, 'Send reset link')} busy={busy} live={live} />
            </Stack>
          </form>
        </>
      )}
      {sent && (
        <Button variant="subtle" size="sm" onClick={() => setSent(false)}>
          Use another e-mail address
        </Button>
      )}
      {signInLine}
    </AuthFrame>
  );
}

export default ForgotPasswordBlock;
