// The billing page's plan. Coming back from Checkout (?upgrade=done) it asks again every 1.5 s,
// two minutes at most, until Stripe's webhook has opened Pro; then a welcome toast and the address
// without ?upgrade. A failed plan check is said in a toast too ('Failed to verify plan status').
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { PLAN_MESSAGES } from '../../../shared/rules/plans';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { planKeys, usePlan } from './plan-api';

const CONFIRM_POLL_MS = 1500;
const CONFIRM_WAIT_MS = 2 * 60_000;

/** `upgraded`: the address's ?upgrade (done, cancelled); `setParams` clears it once Pro shows. */
export function useBillingPlan(upgraded: string | null, setParams: SetURLSearchParams) {
  const qc = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (upgraded !== 'done') return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [upgraded]);
  const plan = usePlan({ refetchInterval: upgraded === 'done' && !gaveUp ? CONFIRM_POLL_MS : false });
  const confirmed = upgraded === 'done' && plan.data?.plan === 'pro';
  useEffect(() => {
    if (!confirmed) return;
    toast.success('Welcome to Pro', 'Your payment went through: every feature of the Pro plan is yours.');
    void qc.invalidateQueries({ queryKey: keys.workspace });
    void qc.invalidateQueries({ queryKey: planKeys.invoices });
    setParams({}, { replace: true });
  }, [confirmed, qc, setParams]);
  const planFailed = plan.isError;
  useEffect(() => {
    if (planFailed) toast.error('Plan', PLAN_MESSAGES.checkFailed);
  }, [planFailed]);
  return { plan, confirming: upgraded === 'done' && !confirmed ? (gaveUp ? ('gave-up' as const) : ('waiting' as const)) : null };
}
