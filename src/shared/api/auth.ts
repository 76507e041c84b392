// Owner accounts: sign-up, password and e-mail-link sign-in, and the signed-in user.
import { z } from 'zod';

export const PublicUser = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type PublicUser = z.infer<typeof PublicUser>;

export const SignupBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export const TokenLoginBody = z.object({ token: z.string().min(1, 'Token is required') });
export const MagicLinkBody = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
});
/** GET /api/auth, and POST /api/auth (the session is in the cookie only, never in the body). */
export const UserResponse = z.object({ user: PublicUser });
/**
 * GET /api/auth/session → the signed-in owner, or null for a visitor: the web app asks on every
 * page, and a signed-out visitor is not an error (GET /api/auth stays 401 for API clients).
 */
export const SessionResponse = z.object({ user: PublicUser.nullable() });
