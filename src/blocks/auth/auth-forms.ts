// The rules of the app-user blocks (login, register, forgot password, auth), pure so they are
// table-tested: what each form checks before it asks the server, which page of the app a link
// opens, how a server error lands on the form, and what a one-time link in the address is for.
//
// The limits repeat those of src/shared/api/app-users.ts (APP_PASSWORD_MIN, BASIC_EMAIL and the
// server's messages) instead of importing them: that module builds zod schemas at load time and
// zod stays out of the guest's JavaScript (docs/decisions, "What a guest downloads"). auth-forms.test.ts
// compares both, so they cannot drift apart.
import type { NavPage } from '../types';

/** Passwords are 8–200 characters (the server's rule). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
/** something@something.tld without spaces: the server's check of a new address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX} characters`,
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  /** Forgot password: the same answer whether the address is a user or not (server: always {ok: true}). */
  resetSent: 'If an account exists for that e-mail, we sent a reset link.',
  /** The editor and template previews: nothing is sent from there. */
  previewOnly: 'This form works on the published app.',
} as const;

export type FieldErrors = Partial<Record<'name' | 'email' | 'password' | 'confirm' | 'form', string>>;

const hasErrors = (e: FieldErrors) => Object.keys(e).length > 0;

function emailError(email: string): string | undefined {
  const v = email.trim();
  if (!v) return MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(v)) return MESSAGES.emailInvalid;
  return undefined;
}

/** A new password (register, reset, invitation), with its confirmation when the form asks for one. */
function newPasswordErrors(password: string, confirm: string | null, out: FieldErrors): void {
  if (!password) out.password = MESSAGES.passwordRequired;
  else if (password.length < PASSWORD_MIN) out.password = MESSAGES.passwordShort;
  else if (password.length > PASSWORD_MAX) out.password = MESSAGES.passwordLong;
  if (confirm !== null) {
    if (!confirm) out.confirm = MESSAGES.confirmRequired;
    else if (confirm !== password) out.confirm = MESSAGES.mismatch;
  }
}

function result(errors: FieldErrors): FieldErrors | null {
  return hasErrors(errors) ? errors : null;
}

/**
 * Sign in: an address and a password. No length rule here: the server answers 'Invalid email or
 * password' for anything wrong, and a form must not hint at which part was.
 */
export function loginErrors(input: { email: string; password: string }): FieldErrors | null {
  const out: FieldErrors = {};
  const email = emailError(input.email);
  if (email) out.email = email;
  if (!input.password) out.password = MESSAGES.passwordRequired;
  return result(out);
}

/** Sign up: name, address, a password of 8+ characters and, with confirm_password, the same again. */
export function registerErrors(input: { name: string; email: string; password: string; confirm: string | null }): FieldErrors | null {
  const out: FieldErrors = {};
  if (!input.name.trim()) out.name = MESSAGES.nameRequired;
  const email = emailError(input.email);
  if (email) out.email = email;
  newPasswordErrors(input.password, input.confirm, out);
  return result(out);
}

/** Forgot password, first step: the address to mail a link to. */
export function forgotErrors(input: { email: string }): FieldErrors | null {
  const email = emailError(input.email);
  return email ? { email } : null;
}

/** Forgot password opened from a mailed link (or an invitation): the new password. */
export function newPasswordFormErrors(input: { password: string; confirm: string | null }): FieldErrors | null {
  const out: FieldErrors = {};
  newPasswordErrors(input.password, input.confirm, out);
  return result(out);
}

/**
 * A failed request on the form: the server's field issues (400, zod paths name/email/password)
 * on their fields, anything else (401 'Invalid email or password', 403, 409, 429 'Too many…',
 * network errors) as the form's message.
 */
export function serverErrors(error: unknown): FieldErrors {
  const issues = (error as { issues?: unknown } | null)?.issues;
  const out: FieldErrors = {};
  if (Array.isArray(issues))
    for (const i of issues as { path?: unknown; message?: unknown }[]) {
      const path = String(i?.path ?? '');
      const message = typeof i?.message === 'string' ? i.message : '';
      if (message && (path === 'name' || path === 'email' || path === 'password') && !out[path]) out[path] = message;
    }
  if (hasErrors(out)) return out;
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
  return { form: message };
}

/** A field was edited: its message (and the form's, which was about the last try) goes. */
export function withoutField(errors: FieldErrors, field: keyof FieldErrors): FieldErrors {
  if (!(field in errors) && !('form' in errors)) return errors;
  const { [field]: _field, form: _form, ...rest } = errors;
  return rest;
}

// ---- Which page a link opens ----

export type AuthPurpose = 'login' | 'register' | 'forgot';

/** The slugs that name each sign-in page (the spec's auth slugs, blocks-and-data §2), best first. */
export const PURPOSE_SLUGS: Record<AuthPurpose, readonly string[]> = {
  login: ['login', 'signin', 'sign-in', 'log-in', 'auth', 'authenticate'],
  register: ['register', 'signup', 'sign-up', 'register-user', 'create-account'],
  forgot: ['forgot', 'forgot-password', 'reset', 'reset-password', 'password'],
};

/** Words in the slug or name of a page flagged as a sign-in page (is_auth) that tell what it is for. */
const PURPOSE_WORDS: Record<AuthPurpose, RegExp> = {
  login: /\b(log\s*-?\s*in|sign\s*-?\s*in|signin|login)\b/i,
  register: /\b(register|sign\s*-?\s*up|signup|create\s*-?\s*account|join)\b/i,
  forgot: /\b(forgot|forgotten|reset|password)\b/i,
};

const slugOf = (s: string) => s.trim().replace(/^\/+|\/+$/g, '').toLowerCase();

/**
 * The page a sign-in link opens: the page chosen in the block's settings (`chosen`, a slug) when
 * the app has it; else the page whose slug is one of the purpose's slugs; else a page flagged as a
 * sign-in page (is_auth) whose slug or name says what it is for. Never the page on screen (a
 * link to itself is no help). Null: the link is hidden.
 */
export function authPage(pages: readonly NavPage[], purpose: AuthPurpose, options: { chosen?: unknown; current?: string | null } = {}): NavPage | null {
  const current = options.current === null || options.current === undefined ? null : slugOf(options.current);
  const candidates = pages.filter((p) => current === null || slugOf(p.slug) !== current);
  const chosen = typeof options.chosen === 'string' ? slugOf(options.chosen) : '';
  if (chosen) {
    const page = candidates.find((p) => slugOf(p.slug) === chosen);
    if (page) return page;
  }
  for (const slug of PURPOSE_SLUGS[purpose]) {
    const page = candidates.find((p) => slugOf(p.slug) === slug);
    if (page) return page;
  }
  const words = PURPOSE_WORDS[purpose];
  return candidates.find((p) => p.is_auth && (words.test(p.slug.replace(/[-_]+/g, ' ')) || words.test(p.name))) ?? null;
}

/** The login image's place: beside the form on the right (default) or left, or behind it. */
export function loginImagePosition(v: unknown): 'right' | 'left' | 'background' {
  return v === 'left' || v === 'background' ? v : 'right';
}

// ---- One-time links and the signed-in user ----

export type TokenPurpose = 'reset' | 'invitation';

/**
 * What a `?token=` in the address is for: invitations are mailed as /accept-invitation?token=…,
 * password resets as /reset-password?token=…; any other page holding the forgot-password block
 * treats it as a reset link. Null without a token.
 */
export function linkToken(pathname: string, search: string): { value: string; purpose: TokenPurpose } | null {
  const value = new URLSearchParams(search).get('token')?.trim() ?? '';
  if (!value) return null;
  const last = pathname.split('/').filter(Boolean).pop()?.toLowerCase() ?? '';
  const invitation = ['accept-invitation', 'invitation', 'invite', 'accept'].includes(last);
  return { value, purpose: invitation ? 'invitation' : 'reset' };
}

/** The Users popup's words for the two permissions. */
export function permissionLabel(permissions: string): string {
  return permissions === 'read-write' ? 'Read-Write' : 'Read';
}

/** 'Ada Lovelace' → 'AL'; an address → its first letter. */
export function initials(user: { name: string; email: string }): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[words.length - 1]!.charAt(0)).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return user.email.charAt(0).toUpperCase() || '?';
}
