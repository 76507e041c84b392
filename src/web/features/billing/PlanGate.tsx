// What a billing page shows until the workspace's plan is known: 'Loading your plan...', or why
// it could not be checked; then the children, with the plan.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PlanStatus } from '../../../shared/api/billing';
import { PLAN_MESSAGES } from '../../../shared/rules/plans';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { messageOf } from '../../lib/api';

export function PlanGate({ plan, children }: { plan: UseQueryResult<PlanStatus>; children: (plan: PlanStatus) => ReactNode }) {
  if (plan.isPending) return <Loading text="Loading your plan..." />;
  if (plan.isError)
    return (
      <Notice tone="error" title={PLAN_MESSAGES.checkFailed}>
        {messageOf(plan.error)}
      </Notice>
    );
  return children(plan.data);
}
