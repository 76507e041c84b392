import { describe, expect, it } from 'vitest';
import { APP_PASSWORD_MIN, APP_USER_MESSAGES, AppForgotPasswordBody, AppLoginBody, AppRegisterBody, BASIC_EMAIL } from '../../shared/api/app-users';
import type { NavPage } from '../types';
import {
  authPage,
  EMAIL_PATTERN,
  forgotErrors,
  initials,
  linkToken,
  loginErrors,
  loginImagePosition,
  MESSAGES,
  newPasswordFormErrors,
  PASSWORD_MAX,
  PASSWORD_MIN,
  permissionLabel,
  registerErrors,
  serverErrors,
  withoutField,
} from './auth-forms';

describe('the form rules are the server rules', () => {
  it('password length and address pattern', () => {
    expect(PASSWORD_MIN).toBe(APP_PASSWORD_MIN);
    expect(EMAIL_PATTERN.source).toBe(BASIC_EMAIL.source);
    expect(AppRegisterBody.safeParse({ name: 'A', email: 'a@b.co', password: 'x'.repeat(PASSWORD_MAX) }).success).toBe(true);
    expect(AppRegisterBody.safeParse({ name: 'A', email: 'a@b.co', password: 'x'.repeat(PASSWORD_MAX + 1) }).success).toBe(false);
  });

  it('the messages are the server’s', () => {
    const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) =>
      r.error?.issues.find((i) => i.path[0] === path)?.message;
    expect(issue(AppRegisterBody.safeParse({ name: ' ', email: 'nope', password: 'short' }), 'name')).toBe(MESSAGES.nameRequired);
    expect(issue(AppRegisterBody.safeParse({ name: 'A', email: 'nope', password: 'short' }), 'email')).toBe(MESSAGES.emailInvalid);
    expect(issue(AppRegisterBody.safeParse({ name: 'A', email: 'a@b.co', password: 'short' }), 'password')).toBe(MESSAGES.passwordShort);
    expect(issue(AppLoginBody.safeParse({ email: '', password: '' }), 'email')).toBe(MESSAGES.emailRequired);
    expect(issue(AppLoginBody.safeParse({ email: 'a@b.co', password: '' }), 'password')).toBe(MESSAGES.passwordRequired);
    expect(issue(AppForgotPasswordBody.safeParse({ email: ' ' }), 'email')).toBe(MESSAGES.emailRequired);
  });
});

describe('loginErrors', () => {
  it.each<[string, { email: string; password: string }, ReturnType<typeof loginErrors>]>([
    ['both given', { email: 'ada@example.com', password: 'x' }, null],
    ['spaces around the address', { email: '  ada@example.com ', password: 'x' }, null],
    ['nothing', { email: '', password: '' }, { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired }],
    ['blank address', { email: '   ', password: 'secret123' }, { email: MESSAGES.emailRequired }],
    ['not an address', { email: 'ada', password: 'secret123' }, { email: MESSAGES.emailInvalid }],
    ['no dot after @', { email: 'ada@example', password: 'secret123' }, { email: MESSAGES.emailInvalid }],
    ['a space inside', { email: 'ada lovelace@example.com', password: 'secret123' }, { email: MESSAGES.emailInvalid }],
    // Sign-in never hints at a length rule: the server answers 'Invalid email or password'.
    ['a short password is the server’s to refuse', { email: 'ada@example.com', password: 'abc' }, null],
  ])('%s', (_, input, expected) => {
    expect(loginErrors(input)).toEqual(expected);
  });
});

describe('registerErrors', () => {
  type Input = Parameters<typeof registerErrors>[0];
  const ok: Input = { name: 'Ada', email: 'ada@example.com', password: 'correct horse', confirm: 'correct horse' };
  it.each<[string, Partial<Input>, ReturnType<typeof registerErrors>]>([
    ['everything right', {}, null],
    ['no confirmation field (confirm_password off)', { confirm: null }, null],
    ['blank name', { name: '  ' }, { name: MESSAGES.nameRequired }],
    ['bad address', { email: 'ada@' }, { email: MESSAGES.emailInvalid }],
    ['no password', { password: '', confirm: '' }, { password: MESSAGES.passwordRequired, confirm: MESSAGES.confirmRequired }],
    ['7 characters', { password: '1234567', confirm: '1234567' }, { password: MESSAGES.passwordShort }],
    ['exactly 8 characters', { password: '12345678', confirm: '12345678' }, null],
    ['201 characters', { password: 'x'.repeat(201), confirm: 'x'.repeat(201) }, { password: MESSAGES.passwordLong }],
    ['confirmation missing', { confirm: '' }, { confirm: MESSAGES.confirmRequired }],
    ['confirmation differs', { confirm: 'correct horsE' }, { confirm: MESSAGES.mismatch }],
    ['confirmation ignored without the field', { confirm: null, password: 'correct horse' }, null],
    [
      'all wrong at once',
      { name: '', email: '', password: 'short', confirm: 'other' },
      { name: MESSAGES.nameRequired, email: MESSAGES.emailRequired, password: MESSAGES.passwordShort, confirm: MESSAGES.mismatch },
    ],
  ])('%s', (_, patch, expected) => {
    expect(registerErrors({ ...ok, ...patch })).toEqual(expected);
  });
});

describe('forgot password', () => {
  it.each<[string, string, ReturnType<typeof forgotErrors>]>([
    ['an address', 'ada@example.com', null],
    ['nothing', '', { email: MESSAGES.emailRequired }],
    ['not an address', 'ada.example.com', { email: MESSAGES.emailInvalid }],
  ])('request: %s', (_, email, expected) => {
    expect(forgotErrors({ email })).toEqual(expected);
  });

  it.each<[string, { password: string; confirm: string | null }, ReturnType<typeof newPasswordFormErrors>]>([
    ['matching', { password: 'new secret', confirm: 'new secret' }, null],
    ['without the confirmation field', { password: 'new secret', confirm: null }, null],
    ['too short', { password: 'new', confirm: 'new' }, { password: MESSAGES.passwordShort }],
    ['not matching', { password: 'new secret', confirm: 'new secrets' }, { confirm: MESSAGES.mismatch }],
  ])('new password: %s', (_, input, expected) => {
    expect(newPasswordFormErrors(input)).toEqual(expected);
  });

  it('the success text', () => {
    expect(MESSAGES.resetSent).toBe('If an account exists for that e-mail, we sent a reset link.');
  });
});

describe('serverErrors', () => {
  const apiError = (message: string, issues: { path: string; message: string }[] = []) => Object.assign(new Error(message), { status: 400, issues });
  it.each<[string, unknown, ReturnType<typeof serverErrors>]>([
    ['401 wrong password', apiError(APP_USER_MESSAGES.invalidCredentials), { form: 'Invalid email or password' }],
    [
      '429 with its wait',
      apiError('Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.'),
      { form: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.' },
    ],
    ['403 sign-up closed', apiError(APP_USER_MESSAGES.signUpClosed), { form: 'Sign-up is not open for this app' }],
    [
      '400 issues land on their fields',
      apiError('Invalid request', [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'email', message: 'second message of the same field is dropped' },
      ]),
      { email: 'Please enter a valid email address', password: 'Password must be at least 8 characters' },
    ],
    ['issues of other fields: the message', apiError('Token is required', [{ path: 'token', message: 'Token is required' }]), { form: 'Token is required' }],
    ['not an Error', 'boom', { form: 'Something went wrong. Please try again.' }],
    ['an Error without a message', new Error(''), { form: 'Something went wrong. Please try again.' }],
  ])('%s', (_, error, expected) => {
    expect(serverErrors(error)).toEqual(expected);
  });
});

describe('withoutField', () => {
  it('an edited field loses its message and the form’s; the others stay', () => {
    expect(withoutField({ email: 'a', password: 'b', form: 'c' }, 'email')).toEqual({ password: 'b' });
    expect(withoutField({ confirm: 'x' }, 'password')).toEqual({ confirm: 'x' });
  });

  it('nothing to drop: the same object (no new render)', () => {
    const errors = { confirm: 'x' };
    expect(withoutField(errors, 'email')).toBe(errors);
  });
});

describe('authPage: which page a link opens', () => {
  const page = (slug: string, name = slug, is_auth = false): NavPage => ({ id: `p-${slug || 'home'}`, slug, name, page_type: slug ? 'page' : 'home', is_auth, is_public: true });
  const HOME = page('', 'Home');

  it.each<[string, NavPage[], Parameters<typeof authPage>[1], Parameters<typeof authPage>[2], string | null]>([
    ['login by its slug', [HOME, page('login', 'Login')], 'login', {}, 'login'],
    ['sign-in spelled otherwise', [HOME, page('sign-in', 'Sign in')], 'login', {}, 'sign-in'],
    ['register', [HOME, page('login'), page('register')], 'register', {}, 'register'],
    ['signup', [HOME, page('signup')], 'register', {}, 'signup'],
    ['forgot', [HOME, page('forgot', 'Forgot')], 'forgot', {}, 'forgot'],
    ['reset-password for forgot', [HOME, page('reset-password')], 'forgot', {}, 'reset-password'],
    ['the best slug first', [HOME, page('sign-in'), page('login')], 'login', {}, 'login'],
    ['none: the link is hidden', [HOME, page('products')], 'register', {}, null],
    ['an is_auth page named for its purpose', [HOME, page('members', 'Member sign in', true)], 'login', {}, 'members'],
    ['an is_auth page whose slug tells', [HOME, page('join-the-club', 'Club', true)], 'register', {}, 'join-the-club'],
    ['an is_auth page for something else is not taken', [HOME, page('members', 'Members', true)], 'login', {}, null],
    ['an ordinary page named like it is not taken', [HOME, page('our-login-story', 'Login story')], 'login', {}, null],
    ['the page chosen in the settings wins', [HOME, page('login'), page('staff')], 'login', { chosen: 'staff' }, 'staff'],
    ['a chosen page that is gone: found again', [HOME, page('login')], 'login', { chosen: 'deleted' }, 'login'],
    ['chosen with a slash and capitals', [HOME, page('staff')], 'login', { chosen: '/Staff' }, 'staff'],
    ['never the page on screen', [HOME, page('login')], 'login', { current: 'login' }, null],
    ['the page on screen is skipped for the next one', [HOME, page('login'), page('signin')], 'login', { current: 'login' }, 'signin'],
    ['chosen = the page on screen: not taken', [HOME, page('login'), page('sign-in')], 'login', { chosen: 'login', current: 'login' }, 'sign-in'],
  ])('%s', (_, pages, purpose, options, expected) => {
    expect(authPage(pages, purpose, options)?.slug ?? null).toBe(expected);
  });
});

describe('linkToken', () => {
  it.each<[string, string, string, ReturnType<typeof linkToken>]>([
    ['no token', '/forgot', '', null],
    ['an empty token', '/forgot', '?token=', null],
    ['a reset link', '/reset-password', '?token=abc', { value: 'abc', purpose: 'reset' }],
    ['the forgot page with a token', '/forgot', '?token=abc&x=1', { value: 'abc', purpose: 'reset' }],
    ['an invitation', '/accept-invitation', '?token=t0k', { value: 't0k', purpose: 'invitation' }],
    ['an invitation under the base host', '/corner-shop/accept-invitation', '?token=t0k', { value: 't0k', purpose: 'invitation' }],
    ['a trailing slash', '/invite/', '?token=t0k', { value: 't0k', purpose: 'invitation' }],
  ])('%s', (_, pathname, search, expected) => {
    expect(linkToken(pathname, search)).toEqual(expected);
  });
});

describe('small helpers', () => {
  it.each([
    ['read', 'Read'],
    ['read-write', 'Read-Write'],
    ['anything else', 'Read'],
  ])('permission %s → %s', (p, label) => {
    expect(permissionLabel(p)).toBe(label);
  });

  it.each([
    [{ name: 'Ada Lovelace', email: 'a@x.io' }, 'AL'],
    [{ name: 'Grace Brewster Hopper', email: 'g@x.io' }, 'GH'],
    [{ name: 'cher', email: 'c@x.io' }, 'CH'],
    [{ name: '  ', email: 'zoe@x.io' }, 'Z'],
    [{ name: '', email: '' }, '?'],
  ])('initials of %j', (user, expected) => {
    expect(initials(user)).toBe(expected);
  });

  it.each([
    ['right', 'right'],
    ['left', 'left'],
    ['background', 'background'],
    ['top', 'right'],
    [undefined, 'right'],
  ])('image position %s → %s', (v, expected) => {
    expect(loginImagePosition(v)).toBe(expected);
  });
});
