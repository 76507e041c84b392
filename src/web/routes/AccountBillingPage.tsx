// /dashboard/accountbilling (owner): 'Plan and billing'. First the workspace's plan (issue 18,
// features/billing/PlanCard: Upgrade through Stripe Checkout, the customer portal, invoices);
// coming back from Checkout (?upgrade=done) waits for Stripe's webhook to open the plan, and a
// failed plan check says 'Failed to verify plan status'. Then 'Payments for your templates': the
// workspace's Stripe Connect account (features/account/TemplatePayments; ?stripe=return|refresh).
import { Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { isStripeReturn } from '../features/account/connect-state';
import { TemplatePayments } from '../features/account/TemplatePayments';
import { PlanCard } from '../features/billing/PlanCard';
import { PlanGate } from '../features/billing/PlanGate';
import { UpgradeReturnNotice } from '../features/billing/UpgradeReturnNotice';
import { useBillingPlan } from '../features/billing/use-billing-plan';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';

export function AccountBillingPage() {
  const [params, setParams] = useSearchParams();
  const upgraded = params.get('upgrade');
  const { plan, confirming } = useBillingPlan(upgraded, setParams);
  return (
    <DashboardFrame title="Plan and billing · Sheetboard" size="sm" px={0} gap="lg">
      <Title order={2}>Plan and billing</Title>
      <UpgradeReturnNotice confirming={confirming} cancelled={upgraded === 'cancelled'} onDismiss={() => setParams({}, { replace: true })} />
      <PlanGate plan={plan}>{(p) => <PlanCard plan={p} />}</PlanGate>
      <TemplatePayments returning={isStripeReturn(params)} setParams={setParams} />
    </DashboardFrame>
  );
}
