// Owner accounts (issue 18): password reset by e-mail, address verification, and the account page
// (name, address, password, sessions, deletion). The words are the ones the pages show.
import { z } from 'zod';
import { SignupBody } from './auth';

/** What a new owner password must be (the sign-up rule; the server also refuses common ones). */
const NewPassword = SignupBody.shape.password;
const Email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(320, 'Email must be at most 320 characters');
const Token = z.string().min(1, 'This link is incomplete. Open the link from the e-mail again.').max(200, 'This link is not valid.');

export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({ token: Token, password: NewPassword });
export const VerifyEmailBody = z.object({ token: Token });
/** POST /api/auth/reset-password/check: whether a reset link still works, before the form is shown (the link is not spent). */
export const ResetLinkCheckBody = z.object({ token: Token });

export const UpdateAccountBody = z.object({ name: z.string().trim().min(1, 'Name is required').max(200, 'The name can be at most 200 characters') });
export const ChangeEmailBody = z.object({ email: Email, password: z.string().min(1, 'Enter your current password').max(1000) });
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1000),
  newPassword: NewPassword,
});
/** Deleting the account: its current password, typed again (a session alone does not delete everything). */
export const DeleteAccountBody = z.object({ password: z.string().min(1, 'Enter your current password').max(1000) });
export const SessionParams = z.object({ id: z.string().regex(/^[a-f0-9]{16}$/, 'Session not found') });

export const Account = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  /** A new address waiting for its link to be followed (the newest asked for), or null. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
});
export type Account = z.infer<typeof Account>;
export const AccountResponse = z.object({ account: Account });

export const AccountSession = z.object({
  /** Names the session in DELETE /api/account/sessions/{id} (not its secret). */
  id: z.string(),
  /** "Chrome on Windows", from the browser's User-Agent ("Unknown device" without one). */
  device: z.string(),
  created_at: z.string(),
  /** null: not seen since it began (or before last-seen was recorded). */
  last_seen_at: z.string().nullable(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const SessionsResponse = z.object({ sessions: z.array(AccountSession) });

/** The answers that are a sentence to show: a link sent, a password changed. */
export const MessageResponse = z.object({ message: z.string() });
/** POST /api/account/sessions/sign-out-others: how many other sessions, API tokens and pending editor invitations were ended. */
export const SignOutOthersResponse = z.object({ ended: z.number(), tokens: z.number(), invitations: z.number() });

/** POST /api/auth/verify-email: the address now verified, and whether it replaced the old one. */
export const VerifyEmailResponse = z.object({ email: z.string(), changed: z.boolean() });

/** The code of the 403 that refuses publishing for an unverified address. */
export const EMAIL_UNVERIFIED = 'email_unverified';

/** What an account may do only once its address is verified, besides publishing (account/publishing.ts). */
export type VerifiedFor = 'tokens' | 'editors' | 'buying' | 'payouts';

const verifyFirst = (what: string) => `Verify your e-mail address before ${what}: follow the link we sent you, or ask for a new one from your dashboard.`;

export const ACCOUNT_MESSAGES = {
  resetSent: 'If an account exists for this email, a link to choose a new password is on its way.',
  resetDone: 'Your password has been changed. Every browser signed in to your account was signed out, and your API tokens and unaccepted editor invitations were ended. Sign in with your new password.',
  badResetLink: 'This link to choose a new password is invalid, has expired or was already used. Ask for a new one.',
  resetLinkWorks: 'This link works: choose a new password.',
  badVerifyLink: 'This verification link is invalid, has expired or was already used.',
  verificationSent: (email: string) => `We sent a verification link to ${email}.`,
  alreadyVerified: 'Your e-mail address is already verified.',
  emailChangeSent: (email: string) => `We sent a link to ${email}. Your address changes when you follow it.`,
  sameEmail: 'This is already your e-mail address.',
  emailTaken: 'An account with this email already exists',
  wrongPassword: 'The current password is not right.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out, and your API tokens and unaccepted editor invitations were ended.',
  unverifiedOwner: 'Verify your e-mail address before publishing: follow the link we sent you, or ask for a new one from your dashboard.',
  unverifiedFor: {
    tokens: verifyFirst('making API tokens'),
    editors: verifyFirst('inviting editors'),
    buying: verifyFirst('buying'),
    payouts: verifyFirst('connecting a payment account'),
  } satisfies Record<VerifiedFor, string>,
  unverifiedWorkspace: "The workspace owner's e-mail address is not verified yet, so nothing in this workspace can be published.",
} as const;
