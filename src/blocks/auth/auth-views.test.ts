// Server-side renders of the four app-user views: what each shows for the settings, the app's
// pages, the signed-in user and the editor. (Submitting runs in the browser test, app-auth.test.ts.)
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { BlockSchema } from '../../shared/settings/types';
import { ForgotPasswordBlock } from '../forgot_password/ForgotPasswordBlock';
import { forgotPasswordSchema } from '../forgot_password/schema';
import { LoginBlock } from '../login/LoginBlock';
import { loginSchema } from '../login/schema';
import { RegisterBlock } from '../register/RegisterBlock';
import { registerSchema } from '../register/schema';
import type { AppAuth, AppAuthUser, AppNav, BlockData, BlockViewProps, NavPage, ViewMode } from '../types';
import { renderBlock, viewData } from '../testing/views';
import { AuthBlock } from './AuthBlock';
import { authSchema } from './schema';

const page = (slug: string, name: string, is_auth = false): NavPage => ({ id: `p-${slug || 'home'}`, slug, name, page_type: slug ? 'page' : 'home', is_auth, is_public: true });
const ALL = [page('', 'Home'), page('login', 'Login'), page('register', 'Register'), page('forgot', 'Forgot')];

function app(pages: NavPage[], current: string): AppNav {
  return {
    appId: 'a1',
    appName: 'Corner Shop',
    pages,
    currentPage: pages.find((p) => p.slug === current) ?? null,
    rowId: null,
    breadcrumbs: [],
    goTo: () => undefined,
    goToBreadcrumb: () => undefined,
    hrefOf: (slug) => `/${slug}`,
    user: null,
  };
}

function appAuth(patch: Partial<AppAuth> = {}): AppAuth {
  const done = () => Promise.resolve();
  return { user: null, loading: false, live: true, token: null, login: done, register: done, forgotPassword: done, resetPassword: done, acceptInvitation: done, signOut: done, ...patch };
}

const ADA: AppAuthUser = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', permissions: 'read-write' };

function render(View: ComponentType<BlockViewProps>, schema: BlockSchema, settings: Record<string, unknown>, opts: { pages?: NavPage[]; current?: string; auth?: Partial<AppAuth>; mode?: ViewMode; data?: Partial<BlockData> } = {}) {
  const data = viewData([], { app: app(opts.pages ?? ALL, opts.current ?? ''), appAuth: appAuth(opts.auth), ...opts.data });
  return renderBlock(View, schema, settings, data, opts.mode ?? 'view');
}

const text = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('LoginBlock', () => {
  it('headings, labelled fields, links to the forgot and register pages', () => {
    const html = render(LoginBlock, loginSchema, {}, { current: 'login' });
    const t = text(html);
    expect(t).toContain('Welcome back');
    expect(t).toContain('Sign in');
    expect(html).toMatch(/<label[^>]*>Email/);
    expect(html).toMatch(/<label[^>]*>Password/);
    expect(html).toMatch(/autocomplete="current-password"/i);
    expect(html).toContain('aria-label="Show password"');
    expect(html).toMatch(/href="\/forgot"[^>]*>Forgot password\?/);
    expect(t).toContain("Don't have an account? Sign up");
    expect(html).toMatch(/href="\/register"/);
    expect(html).not.toContain('disabled=""');
    expect(html).not.toContain('data-testid="auth-preview-note"');
  });

  it('the toggles off, or no such page: no links', () => {
    const off = render(LoginBlock, loginSchema, { forget_password: false, new_user_sign_up: false }, { current: 'login' });
    expect(off).not.toContain('Forgot password?');
    expect(off).not.toContain('Sign up');
    const none = render(LoginBlock, loginSchema, {}, { pages: [page('', 'Home'), page('login', 'Login')], current: 'login' });
    expect(none).not.toContain('Forgot password?');
    expect(text(none)).not.toContain("Don't have an account?");
  });

  it('the editor: a note, the button disabled, hints for missing pages', () => {
    const html = render(LoginBlock, loginSchema, {}, { mode: 'edit', pages: [page('', 'Home'), page('login', 'Login')], current: 'login' });
    expect(text(html)).toContain('This form works on the published app.');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    expect(text(html)).toContain('Add a page with the slug register');
    expect(text(html)).toContain('Add a page with the slug forgot');
  });

  it('template previews (live false) send nothing either', () => {
    const html = render(LoginBlock, loginSchema, {}, { auth: { live: false } });
    expect(text(html)).toContain('This form works on the published app.');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it.each(['right', 'left', 'background'])('image %s: the picture and the form', (position) => {
    const html = render(LoginBlock, loginSchema, { image_enabled: true, image: 'https://cdn.example.com/shop.jpg', image_position: position });
    expect(html).toContain('src="https://cdn.example.com/shop.jpg"');
    expect(html).toContain(`data-position="${position}"`);
    expect(html).toMatch(/<form[^>]*aria-label="Sign in"/);
  });

  it('image off: no picture even when one is set; unsafe addresses never reach src', () => {
    expect(render(LoginBlock, loginSchema, { image_enabled: false, image: 'https://cdn.example.com/shop.jpg' })).not.toContain('shop.jpg');
    const html = render(LoginBlock, loginSchema, { image_enabled: true, image: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
    expect(html).toContain('data-testid="login-image"');
  });

  it('a visitor already signed in is told so', () => {
    const t = text(render(LoginBlock, loginSchema, {}, { auth: { user: ADA }, current: 'login' }));
    expect(t).toContain('You are signed in as Ada Lovelace .');
    expect(t).toContain('Go to the home page');
  });
});

describe('RegisterBlock', () => {
  it("heading 'Sign Up', name, e-mail, password and its confirmation, the sign-in link", () => {
    const html = render(RegisterBlock, registerSchema, {}, { current: 'register' });
    const t = text(html);
    expect(t).toContain('Sign Up');
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) expect(html).toMatch(new RegExp(`<label[^>]*>${label}`));
    expect(t).toContain('At least 8 characters');
    expect(t).toContain('Already have an account? Sign in');
    expect(html).toMatch(/href="\/login"/);
    expect(t).toContain('Create account');
  });

  it('confirm_password and already_sign_in off', () => {
    const html = render(RegisterBlock, registerSchema, { confirm_password: false, already_sign_in: false, heading: 'Join the club' }, { current: 'register' });
    expect(html).not.toContain('Confirm password');
    expect(html).not.toContain('Already have an account?');
    expect(text(html)).toContain('Join the club');
  });
});

describe('ForgotPasswordBlock', () => {
  it('first step: the e-mail, and the sign-in link', () => {
    const html = render(ForgotPasswordBlock, forgotPasswordSchema, {}, { current: 'forgot' });
    const t = text(html);
    expect(t).toContain('Forgot your password?');
    expect(html).toMatch(/<label[^>]*>Email/);
    expect(t).toContain('Send reset link');
    expect(t).toContain('Remember your password? Sign in');
    expect(html).not.toContain('New password');
  });

  it('remember_password off: no link', () => {
    expect(render(ForgotPasswordBlock, forgotPasswordSchema, { remember_password: false }, { current: 'forgot' })).not.toContain('Remember your password?');
  });

  it.each<[string, Record<string, unknown>, 'reset' | 'invitation', string, boolean]>([
    ['a reset link with confirmation', {}, 'reset', 'Choose a new password', true],
    ['a reset link without confirmation', { confirm_password: false }, 'reset', 'Choose a new password', false],
    ['an invitation', {}, 'invitation', 'Set your password', true],
  ])('opened from %s', (_, settings, purpose, heading, confirm) => {
    const html = render(ForgotPasswordBlock, forgotPasswordSchema, settings, { current: 'forgot', auth: { token: { value: 't', purpose } } });
    expect(text(html)).toContain(heading);
    expect(html).toMatch(/<label[^>]*>New password/);
    expect(html.includes('Confirm new password')).toBe(confirm);
    expect(html).not.toMatch(/<label[^>]*>Email/);
  });

  it('the editor shows the first step whatever the address holds', () => {
    const html = render(ForgotPasswordBlock, forgotPasswordSchema, {}, { mode: 'edit', auth: { token: { value: 't', purpose: 'reset' } } });
    expect(text(html)).toContain('Forgot your password?');
    expect(text(html)).toContain('This form works on the published app.');
  });
});

describe('AuthBlock', () => {
  it('a signed-in app user: name, e-mail, permission, Sign out', () => {
    const t = text(render(AuthBlock, authSchema, {}, { auth: { user: ADA } }));
    expect(t).toContain('AL');
    expect(t).toContain('Ada Lovelace');
    expect(t).toContain('ada@example.com');
    expect(t).toContain('Read-Write');
    expect(t).toContain('Sign out');
  });

  it('e-mail and permission can be left out', () => {
    const t = text(render(AuthBlock, authSchema, { show_email: false, show_permission: false, sign_out_text: 'Log out' }, { auth: { user: { ...ADA, permissions: 'read' } } }));
    expect(t).not.toContain('ada@example.com');
    expect(t).not.toContain('Read');
    expect(t).toContain('Log out');
  });

  it('nobody signed in: the prompt and a Sign in link to the login page', () => {
    const html = render(AuthBlock, authSchema, {});
    expect(text(html)).toContain('You are not signed in.');
    expect(html).toMatch(/<a[^>]*href="\/login"[^>]*>[\s\S]*Sign in/);
  });

  it('nobody signed in and no login page: no button', () => {
    const html = render(AuthBlock, authSchema, {}, { pages: [page('', 'Home')] });
    expect(text(html)).toContain('You are not signed in.');
    expect(html).not.toContain('href="/login"');
  });

  it('the owner looking at the published app', () => {
    const t = text(render(AuthBlock, authSchema, {}, { data: { viewer: { role: 'admin', email: 'owner@example.com' } } }));
    expect(t).toContain('owner@example.com');
    expect(t).toContain('Admin');
    expect(t).not.toContain('Sign out');
  });

  it('the editor: the signed-out state and what users will see', () => {
    const t = text(render(AuthBlock, authSchema, {}, { mode: 'edit', auth: { user: ADA } }));
    expect(t).toContain('You are not signed in.');
    expect(t).toContain('Signed-in app users see their name, e-mail and permission here');
  });

  it('while /me loads: a loader', () => {
    expect(render(AuthBlock, authSchema, {}, { auth: { loading: true } })).toContain('aria-label="Loading"');
  });
});
