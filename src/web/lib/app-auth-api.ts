// The app users' own sign-in API (/api/app-auth/*, src/server/modules/app-users), for the app the
// request names: its host, else `board` (the app id here). One place for the calls, used by the
// app-user blocks (viewer/app-auth.ts), the sign-in screen and the invitation / reset pages.
import type { SignedInAppUser } from '../../shared/api/app-users';
import { api } from './api';

type SessionAnswer = { app_user: SignedInAppUser | null };

/** `appId` undefined: the app of the current host (the link pages on `{subdomain}.{host}`). */
export function appAuthApi(appId?: string) {
  const opts = appId ? { board: appId } : {};
  const session = async (path: string, body: unknown) => (await api.post<SessionAnswer>(path, body, opts)).app_user;
  return {
    me: async (signal?: AbortSignal) => (await api.get<SessionAnswer>('/api/app-auth/me', { ...opts, signal })).app_user,
    login: (email: string, password: string) => session('/api/app-auth/login', { email, password }),
    register: (name: string, email: string, password: string) => session('/api/app-auth/register', { name, email, password }),
    forgotPassword: async (email: string) => {
      await api.post<{ ok: boolean }>('/api/app-auth/forgot-password', { email }, opts);
    },
    resetPassword: (token: string, password: string) => session('/api/app-auth/reset-password', { token, password }),
    acceptInvitation: (token: string, password: string) => session('/api/app-auth/accept-invitation', { token, password }),
    logout: async () => {
      await api.post<void>('/api/app-auth/logout', {}, opts);
    },
  };
}
