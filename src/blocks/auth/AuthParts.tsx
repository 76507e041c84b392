// Pieces the four app-user views share: the card around a form, its headings, password fields with
// a named show/hide button, links to other pages of the app, the form's message, the submit button
// and the editor's note. Views import them from here (one small module in each view's chunk).
import { Alert, Anchor, Box, Button, Paper, PasswordInput, Stack, Text, TextInput, Title, type PasswordInputProps } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { BlockRecord } from '../../shared/settings/types';
import { BlockFrame } from '../BlockFrame';
import { isPlainClick } from '../header/header-nav';
import type { AppNav, BlockViewProps, NavPage, ViewMode } from '../types';
import { authPage, MESSAGES, PASSWORD_MAX, PASSWORD_MIN, serverErrors, withoutField, type FieldErrors } from './auth-forms';

/**
 * What the app-user views read of their props: the app's sign-in (data.appAuth), the app around
 * the block, and whether their forms send (`live`: the published app, not the editor or a
 * template preview).
 */
export function appAuthOf({ mode, data }: Pick<BlockViewProps, 'mode' | 'data'>) {
  const auth = data.appAuth;
  return { auth, app: data.app, live: mode === 'view' && !!auth?.live };
}

export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' && v.trim() ? v : fallback);

/** A colour setting, else the fallback (Mantine takes any CSS colour). */
export const colorOf = (config: BlockRecord, key: string, fallback: string): string => str(config[key], fallback);

export function AuthCard({ label, children, shadow = true }: { label: string; children: ReactNode; shadow?: boolean }) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      shadow={shadow ? 'sm' : undefined}
      w="100%"
      maw={420}
      mx="auto"
      aria-label={label}
      component="section"
      style={{ background: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' }}
    >
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** The block's frame around a card that starts with its title (register, forgot password). */
export function AuthFrame({ config, heading, children }: { config: BlockRecord; heading: string; children: ReactNode }) {
  return (
    <BlockFrame config={config}>
      <Box py="md">
        <AuthCard label={heading}>
          <Headings title={heading} />
          {children}
        </AuthCard>
      </Box>
    </BlockFrame>
  );
}

export function Headings({ kicker, title }: { kicker?: string; title: string }) {
  return (
    <Box>
      {kicker && (
        <Text size="sm" c="dimmed" fw={500} mb={2}>
          {kicker}
        </Text>
      )}
      {title && (
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
      )}
    </Box>
  );
}

/** A password input whose show/hide button says what it does. */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange' | 'visibilityToggleButtonProps'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? `Hide ${String(props.label ?? 'password').toLowerCase()}` : `Show ${String(props.label ?? 'password').toLowerCase()}` }}
    />
  );
}

/**
 * A link to another page of the app: a real address (new tab and copy work) whose plain click
 * goes through the app's navigation.
 */
export function PageLink({ app, page, children, testId }: { app: AppNav; page: NavPage; children: ReactNode; testId?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    app.goTo(page.slug);
  };
  return (
    <Anchor href={app.hrefOf(page.slug)} onClick={onClick} size="sm" fw={600} data-testid={testId}>
      {children}
    </Anchor>
  );
}

/** The pages the line under a form links to: the link's words, and what the editor says while the app has no such page. */
const LINES = {
  login: { action: 'Sign in', missing: 'Add a page with the slug login (with a Login block) to show the sign-in link.' },
  register: { action: 'Sign up', missing: 'Add a page with the slug register (with a Register block) to show the sign-up link.' },
} as const;

/**
 * "Question? Link" under the form, to the app's page for `purpose` (the one `chosen` in the
 * block's settings, else found by slug: authPage), or, in the editor without such a page, how to
 * get one.
 */
export function LinkLine({ app, purpose, chosen, question, mode, testId }: { app: AppNav | undefined; purpose: keyof typeof LINES; chosen: unknown; question: string; mode: ViewMode; testId?: string }) {
  const { action, missing } = LINES[purpose];
  const page = app ? authPage(app.pages, purpose, { chosen, current: app.currentPage?.slug ?? null }) : null;
  if (app && page)
    return (
      <Text size="sm" ta="center" c="dimmed">
        {question}{' '}
        <PageLink app={app} page={page} testId={testId}>
          {action}
        </PageLink>
      </Text>
    );
  if (mode !== 'edit') return null;
  return (
    <Text size="xs" ta="center" c="dimmed" fs="italic">
      {missing}
    </Text>
  );
}

export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="auth-error">
      {message}
    </Alert>
  );
}

/** Editor and template previews: the form is shown as visitors will see it but sends nothing. */
export function PreviewNote({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs" data-testid="auth-preview-note">
      <Text size="xs">{MESSAGES.previewOnly}</Text>
    </Alert>
  );
}

export function SubmitButton({ config, label, busy, live }: { config: BlockRecord; label: string; busy: boolean; live: boolean }) {
  return (
    <Button
      type="submit"
      fullWidth
      size="md"
      radius="md"
      loading={busy}
      disabled={!live}
      color={colorOf(config, 'button_color', '#4f46e5')}
      styles={{ label: { color: live ? colorOf(config, 'button_text_color', '#ffffff') : undefined } }}
    >
      {label}
    </Button>
  );
}

/** On a sign-in page, a visitor who is signed in already is told so (and may go on to the app). */
export function SignedInNotice({ user, app }: { user: { name: string; email: string } | null; app: AppNav | undefined }) {
  if (!user) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} data-testid="auth-signed-in">
      <Text size="sm">
        You are signed in as <b>{user.name || user.email}</b>.{' '}
        {app && (
          <Anchor
            href={app.hrefOf('')}
            size="sm"
            onClick={(e: MouseEvent<HTMLAnchorElement>) => {
              if (!isPlainClick(e)) return;
              e.preventDefault();
              app.goTo('', { reset: true });
            }}
          >
            Go to the home page
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}

/**
 * A form's field errors and busy state. `edit` sets a field and clears its error; `run` checks the
 * fields (`check` answers their errors, or null), then sends once at a time, putting the server's
 * errors on their fields (`onError` after, e.g. to empty a password). Sends nothing unless `live`.
 */
export function useAuthForm(live: boolean) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const edit = (value: string, set: (v: string) => void, field: keyof FieldErrors) => {
    set(value);
    setErrors((e) => withoutField(e, field));
  };
  const run = async (check: () => FieldErrors | null, send: () => Promise<void>, onError?: () => void) => {
    if (!live || busy) return;
    const invalid = check();
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      setErrors(serverErrors(err));
      onError?.();
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, edit, run };
}

/** The e-mail address field of the sign-in, sign-up and reset forms. */
export function EmailField({ value, onChange, error, autoComplete = 'email' }: { value: string; onChange: (value: string) => void; error?: string; autoComplete?: string }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete={autoComplete}
      placeholder="you@example.com"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      maxLength={320}
      required
    />
  );
}

/**
 * The state of NewPasswordFields: a new password and, unless the block's `confirm_password` is
 * off, the same again. `confirm` is what the checks compare (null: not asked for); `fields` are
 * the props of NewPasswordFields, whose edits clear their errors (`edit` of useAuthForm).
 */
export function useNewPassword(config: BlockRecord, edit: ReturnType<typeof useAuthForm>['edit']) {
  const confirmWanted = config.confirm_password !== false;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm: confirmWanted ? confirm : null,
    fields: { password, confirm, confirmWanted, onPassword: (v: string) => edit(v, setPassword, 'password'), onConfirm: (v: string) => edit(v, setConfirm, 'confirm') },
  };
}

/**
 * A new password (8+ characters) and, when `confirmWanted`, the same again: 'Password' / 'Confirm
 * password' in sign-up, 'New password' / 'Confirm new password' when resetting.
 */
export function NewPasswordFields({
  label,
  password,
  confirm,
  confirmWanted,
  onPassword,
  onConfirm,
  errors,
}: {
  label: string;
  password: string;
  confirm: string;
  confirmWanted: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <PasswordField
        label={label}
        description={`At least ${PASSWORD_MIN} characters`}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        error={errors.password}
        maxLength={PASSWORD_MAX}
        required
      />
      {confirmWanted && (
        <PasswordField
          label={`Confirm ${label.toLowerCase()}`}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirm(e.currentTarget.value)}
          error={errors.confirm}
          maxLength={PASSWORD_MAX}
          required
        />
      )}
    </>
  );
}
