// Where Stripe Checkout sends the buyer back. /payment_success?session_id=: the payment as the
// server knows it, until it is settled (features/billing/PaymentResult.tsx).
// /payment_fail?template={slug}: nothing was charged; back to the template or the listing.
import { useSearchParams } from 'react-router';
import { NoSession, PaymentFailed, PurchaseStatus } from '../features/billing/PaymentResult';
import { MarketplaceLayout } from '../features/templates/MarketplaceLayout';
import { usePageMeta } from '../features/templates/page-meta';
import { PAYMENT_FAIL_TEXT } from '../features/templates/purchase-state';

export function PaymentSuccessPage() {
  usePageMeta({ title: 'Your payment', description: 'The result of your payment for a template.' });
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  return <MarketplaceLayout>{sessionId ? <PurchaseStatus sessionId={sessionId} /> : <NoSession />}</MarketplaceLayout>;
}

export function PaymentFailPage() {
  usePageMeta({ title: PAYMENT_FAIL_TEXT.title, description: PAYMENT_FAIL_TEXT.text });
  const [params] = useSearchParams();
  return (
    <MarketplaceLayout>
      <PaymentFailed slug={params.get('template')?.trim() ?? ''} />
    </MarketplaceLayout>
  );
}
