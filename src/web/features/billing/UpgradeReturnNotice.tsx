// Back from Stripe Checkout: the payment being confirmed, Stripe still silent after two minutes,
// or a cancelled Checkout (dismissable: it clears the address).
import { Alert } from '@mantine/core';

export function UpgradeReturnNotice({ confirming, cancelled, onDismiss }: { confirming: 'waiting' | 'gave-up' | null; cancelled: boolean; onDismiss: () => void }) {
  if (confirming === 'waiting')
    return (
      <Alert color="teal" variant="light" role="status" title="Confirming your payment...">
        Stripe is telling us about your payment. This page updates by itself in a moment.
      </Alert>
    );
  if (confirming === 'gave-up')
    return (
      <Alert color="yellow" variant="light" role="status" title="Stripe has not confirmed your payment yet">
        It can take a few minutes. Come back to this page later; if you were charged and the plan stays free, contact us.
      </Alert>
    );
  if (!cancelled) return null;
  return (
    <Alert color="gray" variant="light" role="status" withCloseButton onClose={onDismiss}>
      Checkout was cancelled: nothing was charged.
    </Alert>
  );
}
