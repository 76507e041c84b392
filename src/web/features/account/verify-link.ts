// Following a verification (or new-address) link of /dashboard/emailVerify?token=…, once: the
// result stays after the spent token leaves the address (a reload must not follow it again).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { VerifyEmailResponse } from '../../../shared/api/account';
import { useOnce } from '../../components/use-once';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { accountKey } from './account-queries';

export type FollowedLink = { kind: 'pending' } | { kind: 'ok'; result: Out<typeof VerifyEmailResponse> } | { kind: 'failed'; message: string };

/** null: the page was opened without a token. */
export function useFollowedLink(token: string | null, setParams: SetURLSearchParams): FollowedLink | null {
  const qc = useQueryClient();
  const [followed, setFollowed] = useState<FollowedLink | null>(token ? { kind: 'pending' } : null);
  useOnce(() => {
    (async () => {
      try {
        const result = await api.post<Out<typeof VerifyEmailResponse>>('/api/auth/verify-email', { token });
        setFollowed({ kind: 'ok', result });
        // The address may have changed: the header's name and e-mail come from here.
        void qc.invalidateQueries({ queryKey: keys.me });
      } catch (e) {
        setFollowed({ kind: 'failed', message: (e as Error).message });
      }
      void qc.invalidateQueries({ queryKey: accountKey });
      setParams({}, { replace: true });
    })();
  }, !!token);
  return followed;
}
