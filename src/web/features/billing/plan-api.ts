// The owner's plan (issue 18; shared/api/billing.ts): status, Upgrade (Stripe Checkout), the
// customer portal, invoices and lifetime codes. A change of plan also refreshes the workspace
// query that the editor's Embed and the dashboard badge read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingRedirect, InvoicesResponse, PlanStatus } from '../../../shared/api/billing';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';

export const planKeys = { plan: ['billing', 'plan'] as const, invoices: ['billing', 'invoices'] as const };

export function usePlan(options: { refetchInterval?: number | false } = {}) {
  return useQuery({ queryKey: planKeys.plan, queryFn: () => api.get<PlanStatus>('/api/billing/plan'), refetchInterval: options.refetchInterval ?? false });
}

export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: planKeys.invoices, queryFn: () => api.get<Out<typeof InvoicesResponse>>('/api/billing/invoices'), enabled });
}

/** Only a web address is followed (the server checks too). */
const go = (url: string) => {
  if (!/^https?:\/\//i.test(url)) throw new Error('Stripe did not give us a page to open. Please try again.');
  window.location.assign(url);
};

export function useUpgrade() {
  return useMutation({ mutationFn: async () => go((await api.post<Out<typeof BillingRedirect>>('/api/billing/plan/checkout')).url) });
}

export function usePortal() {
  return useMutation({ mutationFn: async () => go((await api.post<Out<typeof BillingRedirect>>('/api/billing/plan/portal')).url) });
}

export function useRedeemCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<PlanStatus>('/api/billing/codes/redeem', { code }),
    onSuccess: (plan) => {
      qc.setQueryData(planKeys.plan, plan);
      void qc.invalidateQueries({ queryKey: keys.workspace });
    },
  });
}
