// Login view: an app user's e-mail and password (POST /api/app-auth/login through data.appAuth),
// under heading_01 / heading_02, with the 'Forgot password?' and sign-up links to the app's pages
// and, when image_enabled, an image beside the form (right or left; above it when the block is
// narrow) or behind it. In the editor and in template previews the form shows but sends nothing.
import { Box, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { BlockFrame } from '../BlockFrame';
import { safeImageSrc } from '../links';
import type { BlockViewProps } from '../types';
import { authPage, loginErrors, loginImagePosition as imagePositionOf } from '../auth/auth-forms';
import { appAuthOf, AuthCard, EmailField, FormMessage, Headings, LinkLine, PageLink, PasswordField, PreviewNote, SignedInNotice, str, SubmitButton, useAuthForm } from '../auth/AuthParts';

export function LoginBlock({ config, mode, data }: BlockViewProps) {
  const { auth, app, live } = appAuthOf({ mode, data });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, busy, edit, run } = useAuthForm(live);

  const current = app?.currentPage?.slug ?? null;
  const forgotPage = config.forget_password !== false && app ? authPage(app.pages, 'forgot', { chosen: config.forgot_password_page, current }) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      () => loginErrors({ email, password }),
      () => auth!.login(email.trim(), password),
      () => setPassword(''),
    );
  };

  const heading = str(config.heading_02, 'Sign in');
  const form = (
    <AuthCard label={heading} shadow={!config.image_enabled || imagePositionOf(config.image_position) === 'background'}>
      <Headings kicker={str(config.heading_01)} title={heading} />
      <SignedInNotice user={auth?.user ?? null} app={app} />
      <PreviewNote show={!live} />
      <form onSubmit={submit} aria-label={heading} noValidate>
        <Stack gap="sm">
          <EmailField autoComplete="username" value={email} onChange={(v) => edit(v, setEmail, 'email')} error={errors.email} />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => edit(e.currentTarget.value, setPassword, 'password')}
            error={errors.password}
            maxLength={1000}
            required
          />
          {forgotPage && app && (
            <Group justify="flex-end" mt={-4}>
              <PageLink app={app} page={forgotPage} testId="login-forgot-link">
                Forgot password?
              </PageLink>
            </Group>
          )}
          <FormMessage message={errors.form} />
          <SubmitButton config={config} label={str(config.button_text, 'Sign in')} busy={busy} live={live} />
        </Stack>
      </form>
      {config.forget_password !== false && !forgotPage && mode === 'edit' && (
        <Text size="xs" ta="center" c="dimmed" fs="italic">
          Add a page with the slug forgot to show the &lsquo;Forgot password?&rsquo; link.
        </Text>
      )}
      {config.new_user_sign_up !== false && <LinkLine app={app} purpose="register" chosen={config.sign_up_page} question="Don't have an account?" mode={mode} testId="login-sign-up-link" />}
    </AuthCard>
  );

  if (!config.image_enabled)
    return (
      <BlockFrame config={config}>
        <Box py="md">{form}</Box>
      </BlockFrame>
    );

  const src = safeImageSrc(config.image);
  const position = imagePositionOf(config.image_position);
  const placeholder = 'linear-gradient(135deg, #eef2ff 0%, #c7d2fe 55%, #a5b4fc 100%)';
  return (
    <BlockFrame config={config}>
      <Box className="sb-login-wrap">
        {position === 'background' ? (
          <Box className="sb-login sb-login-bg" data-position="background" style={{ background: src ? undefined : placeholder }}>
            {src && <img className="sb-login-bg-img" src={src} alt="" />}
            <Box className="sb-login-form">{form}</Box>
          </Box>
        ) : (
          <Box className="sb-login sb-login-side" data-position={position}>
            <Box className="sb-login-image" style={{ background: src ? undefined : placeholder }} data-testid="login-image">
              {src ? (
                <img src={src} alt="" />
              ) : (
                mode === 'edit' && (
                  <Text size="sm" c="indigo.9" ta="center" px="md">
                    Choose an image in the block settings.
                  </Text>
                )
              )}
            </Box>
            <Box className="sb-login-form">{form}</Box>
          </Box>
        )}
      </Box>
      <style>{`
        .sb-login-wrap { container-type: inline-size; }
        .sb-login { border-radius: 16px; overflow: hidden; }
        .sb-login-side { display: grid; grid-template-columns: 1fr; border: 1px solid var(--mantine-color-default-border); background: var(--mantine-color-body); }
        .sb-login-image { position: relative; min-height: 180px; max-height: 240px; display: flex; align-items: center; justify-content: center; overflow: hidden; }
        .sb-login-image img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
        .sb-login-form { display: flex; align-items: center; justify-content: center; padding: 32px 16px; min-width: 0; }
        @container (min-width: 720px) {
          .sb-login-side { grid-template-columns: 1fr 1fr; min-height: 520px; }
          .sb-login-image { max-height: none; min-height: 100%; }
          .sb-login-side[data-position='right'] .sb-login-image { order: 2; }
          .sb-login-form { padding: 48px 32px; }
        }
        .sb-login-bg { position: relative; min-height: 560px; display: flex; align-items: center; justify-content: center; }
        .sb-login-bg-img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
        .sb-login-bg::after { content: ''; position: absolute; inset: 0; background: rgba(15, 23, 42, 0.25); pointer-events: none; }
        .sb-login-bg .sb-login-form { position: relative; z-index: 1; width: 100%; padding: 48px 16px; }
      `}</style>
    </BlockFrame>
  );
}

export default LoginBlock;
