// `data.appAuth` of the app-user blocks (login, register, forgot_password, auth): the app's own
// sign-in (POST /api/app-auth/*, src/server/modules/app-users), loaded by the renderer so the
// views never fetch. Blocks of other kinds get nothing and ask nothing.
//
// After a sign-in, a sign-up, a new password or a sign-out the board state, the page list and
// every sheet are loaded again (what the app shows depends on who is signed in), then the app
// opens its home page.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { linkToken } from '../../blocks/auth/auth-forms';
import type { AppAuth, AppAuthUser, AppNav } from '../../blocks/types';
import type { BlockSchema } from '../../shared/settings/types';
import { appAuthApi } from '../lib/app-auth-api';
import { keys } from '../lib/queries';
import { previewParams } from './preview';

/** Query key of the signed-in app user of one app (shared by every app-user block of the page). */
export const appUserKey = (appId: string) => ['app-auth', appId, 'me'] as const;

export function useAppAuth(schema: BlockSchema | null, src: { appId: string; app?: AppNav }): AppAuth | undefined {
  // Kinds that sign app users in or show who is signed in declare `needs.appAuth`.
  const wanted = !!schema?.needs?.appAuth;
  const client = useQueryClient();
  const { appId } = src;
  const goTo = src.app?.goTo;
  // The app is named by `board` (the server also reads the app host); identity is the cookie.
  const auth = useMemo(() => appAuthApi(appId), [appId]);

  const me = useQuery({
    queryKey: appUserKey(appId),
    queryFn: ({ signal }) => auth.me(signal),
    enabled: wanted && !!appId,
    staleTime: 30_000,
  });

  const actions = useMemo(() => {
    /** A new session (or none): reload what depends on it, then show the home page. */
    const settle = async (user: AppAuthUser | null) => {
      client.setQueryData(appUserKey(appId), user);
      await Promise.all([
        // Every board state and page list (the prefixes of keys.board and keys.pages).
        client.invalidateQueries({ queryKey: [keys.board('')[0]] }),
        client.invalidateQueries({ queryKey: [keys.pages('')[0]] }),
        client.invalidateQueries({ queryKey: ['sheet'] }),
        client.invalidateQueries({ queryKey: ['comments'] }),
      ]);
      goTo?.('', { reset: true });
    };
    return {
      login: async (email: string, password: string) => settle(await auth.login(email, password)),
      register: async (name: string, email: string, password: string) => settle(await auth.register(name, email, password)),
      forgotPassword: (email: string) => auth.forgotPassword(email),
      resetPassword: async (token: string, password: string) => settle(await auth.resetPassword(token, password)),
      acceptInvitation: async (token: string, password: string) => settle(await auth.acceptInvitation(token, password)),
      signOut: async () => {
        await auth.logout();
        await settle(null);
      },
    };
  }, [client, appId, goTo, auth]);

  const search = typeof window === 'undefined' ? '' : window.location.search;
  const pathname = typeof window === 'undefined' ? '' : window.location.pathname;
  const token = useMemo(() => linkToken(pathname, search), [pathname, search]);

  if (!wanted) return undefined;
  return {
    user: me.data ?? null,
    loading: me.isPending && me.fetchStatus !== 'idle',
    live: previewParams(search) === null,
    token,
    ...actions,
  };
}
