// The signed-in owner's account (issue 18): GET /api/account and the "resend" of the verification
// link, shared by the dashboard banner, the publish dialog, /dashboard/emailVerify and /dashboard/account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountResponse } from '../../../shared/api/account';
import { api, ApiError, type Out } from '../../lib/api';
import { toast } from '../../lib/toast';

export type AccountData = Out<typeof AccountResponse>['account'];
export const accountKey = ['account'] as const;

/** The account, or null when nobody is signed in (a 401 is an answer here). */
export function useAccount(enabled = true) {
  return useQuery({
    queryKey: accountKey,
    queryFn: async (): Promise<AccountData | null> => {
      try {
        return (await api.get<Out<typeof AccountResponse>>('/api/account')).account;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    enabled,
    staleTime: 30_000,
  });
}

/** POST /api/account/verification: a new link; the answer is said in a toast. */
export function useResendVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/account/verification'),
    onSuccess: (res) => {
      toast.success('Check your inbox', res.message);
      void qc.invalidateQueries({ queryKey: accountKey });
    },
    onError: (e) => toast.error('Could not send the link', (e as Error).message),
  });
}
