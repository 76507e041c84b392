// /dashboard/redeemappsumocodes (owner, issue 18): redeem lifetime-deal codes. One code puts the
// workspace on the lifetime plan for good; up to three stack, each raising the limits (the tiers
// come from shared/rules/plans.ts and are shown here). A refused code says why (the server's words).
import { MAX_STACKED_CODES } from '../../shared/rules/plans';
import { PageHeading } from '../components/PageHeading';
import { LifetimeTiers } from '../features/billing/LifetimeTiers';
import { usePlan } from '../features/billing/plan-api';
import { PlanGate } from '../features/billing/PlanGate';
import { RedeemCodeForm } from '../features/billing/RedeemCodeForm';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';

export function RedeemCodesPage() {
  const plan = usePlan();
  return (
    <DashboardFrame title="Redeem lifetime codes · Sheetboard" size="sm" px={0} gap="lg">
      <PageHeading
        title="Redeem lifetime codes"
        description={`Bought a lifetime deal? Enter your code to put this workspace on a paid plan for good. Up to ${MAX_STACKED_CODES} codes stack, and each one raises your limits.`}
      />
      <PlanGate plan={plan}>
        {(p) => (
          <>
            <RedeemCodeForm plan={p} />
            <LifetimeTiers plan={p} />
          </>
        )}
      </PlanGate>
    </DashboardFrame>
  );
}
