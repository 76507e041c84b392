// App users of an app (shell §2.4, §3, §5, §7): the owner's management API, exactly as the spec
// names it, and the app users' own sign-in API (not in the spec; our design, docs/decisions).
// An app user belongs to ONE app; their session is separate per app.
import { z } from 'zod';
import { AppUserGroups } from './row-rules';

export const APP_USER_PERMISSIONS = ['read', 'read-write'] as const;
export type AppUserPermission = (typeof APP_USER_PERMISSIONS)[number];
/** 'read' and 'read-write'; anything else is treated (and stored) as read (shell §7). */
export const appUserPermission = (v: unknown): AppUserPermission => (v === 'read-write' ? 'read-write' : 'read');

export const FILL_BOTH_MESSAGE = 'Please fill in both Name and Email.';
/**
 * The spec's basic address pattern check ('Please enter a valid Email address (e.g., {email}).'),
 * with a well-formed example in `{email}`: repeating the address that failed as the example would
 * show the owner a wrong address as the model to follow.
 */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid Email address (e.g., name@example.com).';
/** A basic address: something@something.tld, no spaces. */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const AppUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  permissions: z.enum(APP_USER_PERMISSIONS),
  /** The user's groups (row rules can give a group's rows to its members); none by default. */
  groups: z.array(z.string()),
  /** Seconds since the epoch (spec). */
  created_at: z.number(),
});
export type AppUser = z.infer<typeof AppUser>;

// ---- Owner's API (owner only; others 403) ----
/** GET /api/mutipageapp_users/{appId}: sorted by created_at ascending. */
export const AppUsersResponse = z.object({ app_users: z.array(AppUser) });
/** Name and e-mail are trimmed; the service checks them with the spec's messages (400). */
const userFields = {
  name: z.string().max(200).transform((s) => s.trim()),
  email: z.string().max(320).transform((s) => s.trim().toLowerCase()),
  permissions: z.unknown().transform(appUserPermission),
  /** Left out on a change: the user's groups stay as they are (none for a new user). */
  groups: AppUserGroups.optional(),
};
/** POST /api/mutipageapp_users → 201 {new_app_user}; 409 when the e-mail is already a user of the app. */
export const CreateAppUserBody = z.object({ appId: z.string().min(1).max(64), ...userFields });
export const CreateAppUserResponse = z.object({
  new_app_user: AppUser,
  /** False when the invitation e-mail could not be handed to the mail server (the user is added all the same). */
  invitation_sent: z.boolean().optional(),
  /** Only when the invitation was not sent (no mail server set, or it refused): the link for the owner to pass on. */
  invitation_link: z.string().optional(),
});
/** PUT /api/mutipageapp_users → {updated_user}. */
export const UpdateAppUserBody = z.object({ appId: z.string().min(1).max(64), userId: z.string().min(1).max(64), ...userFields });
export const UpdateAppUserResponse = z.object({
  updated_user: AppUser,
  /** Present when the e-mail of a user without a password changed: whether the new invitation went out. */
  invitation_sent: z.boolean().optional(),
  /** As for a new user: the new invitation's link, only when it was not sent. */
  invitation_link: z.string().optional(),
});
/** DELETE /api/mutipageapp_users with this JSON body → 204. */
export const DeleteAppUserBody = z.object({ appId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

// ---- App users' own API: /api/app-auth/* ----
// Which app: the request's app host, else `board` (id, subdomain or page path) like the data API.
export const AppAuthQuery = z.object({ board: z.string().max(2000).optional(), app: z.string().max(64).optional() });
/** The signed-in app user of the app the request names (their permissions included). */
export const SignedInAppUser = z.object({ id: z.string(), name: z.string(), email: z.string(), permissions: z.enum(APP_USER_PERMISSIONS), groups: z.array(z.string()) });
export type SignedInAppUser = z.infer<typeof SignedInAppUser>;
/**
 * GET /api/app-auth/me → {app_user: … | null}; POST login, register (201), accept-invitation and
 * reset-password answer the same (and sign in); POST logout → 204; POST forgot-password → {ok: true}.
 */
export const AppUserSessionResponse = z.object({ app_user: SignedInAppUser.nullable() });

export const APP_PASSWORD_MIN = 8;
const password = z.string().min(APP_PASSWORD_MIN, `Password must be at least ${APP_PASSWORD_MIN} characters`).max(200);
export const AppLoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(320),
  password: z.string().min(1, 'Password is required').max(1000),
});
/** Registration adds a 'read' app user, when the app's register block allows sign-up. */
export const AppRegisterBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().toLowerCase().regex(BASIC_EMAIL, 'Please enter a valid email address').max(320),
  password,
});
/** Always answers 200 {ok: true} (no account discovery); a reset link is mailed when the user exists. */
export const AppForgotPasswordBody = z.object({ email: z.string().trim().toLowerCase().min(1, 'Email is required').max(320) });
/** One-time links: /accept-invitation?token=… (set a first password) and /reset-password?token=… */
export const AppSetPasswordBody = z.object({ token: z.string().min(1, 'Token is required').max(200), password });

/** Texts of the app-user endpoints that the spec does not fix (the client shows the server's message). */
export const APP_USER_MESSAGES = {
  duplicateEmail: 'A user with this email already exists in this app',
  userNotFound: 'User not found',
  appNotFound: 'App not found',
  invalidCredentials: 'Invalid email or password',
  signUpClosed: 'Sign-up is not open for this app',
  invalidInvitation: 'This invitation link is invalid or has expired',
  invalidReset: 'This password reset link is invalid or has expired',
} as const;
/** Invitation links stay valid 7 days, password reset links 1 hour; both work once. */
export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;
