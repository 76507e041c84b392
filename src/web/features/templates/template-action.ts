// What the detail page's main button does (shell §4's use-template flow). Free, bought or one's
// own: 'Use Template', which opens the preview with the clone modal (signed in) or goes to sign in
// first, coming back to that preview afterwards. Paid and not bought: 'Buy for $x' (Stripe
// Checkout; a visitor signs in first and comes back to the detail page).
import type { PurchaseStatus } from '../../../shared/api/templates';
import { priceLabel } from '../../../shared/rules/marketplace';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { templatePreviewPath } from './api';

export interface ActionTemplate {
  id: string;
  subdomain: string;
  is_free: boolean;
  price: number;
  isPurchased: boolean;
  own: boolean;
  can_clone: boolean;
}

export type TemplateAction =
  /** Straight to the preview with the clone modal open. */
  | { kind: 'use'; label: string; href: string }
  /** Sign in first; afterwards the stored redirect (`redirect`) is where they land. */
  | { kind: 'sign-in'; label: string; href: string; redirect: string }
  /** Open Stripe Checkout. */
  | { kind: 'buy'; label: string };

/** Where sign-in starts for a template (§4: /dashboard/auth carrying template_id). */
export function authPath(templateId: string): string {
  return `/dashboard/auth?${new URLSearchParams({ template_id: templateId }).toString()}`;
}

/** A path on the board host (where previews live); the path alone while the base is unknown. */
export function onBase(base: string | undefined, path: string): string {
  return base ? `${base.replace(/\/$/, '')}${path}` : path;
}

/** Whether the template needs a payment before this visitor may use it. */
export function needsPurchase(t: Pick<ActionTemplate, 'is_free' | 'isPurchased' | 'own' | 'can_clone'>): boolean {
  return !t.is_free && !t.isPurchased && !t.own && !t.can_clone;
}

/**
 * The main button. `signedIn`: the session's user is known; `base`: the board host's base URL;
 * `detailUrl`: this detail page's address (where a visitor comes back to after signing in to buy).
 */
export function templateAction(t: ActionTemplate, signedIn: boolean, base: string | undefined, detailUrl: string): TemplateAction {
  if (needsPurchase(t)) {
    const label = `Buy for ${priceLabel(false, t.price)}`;
    if (!signedIn) return { kind: 'sign-in', label, href: authPath(t.id), redirect: detailUrl };
    return { kind: 'buy', label };
  }
  const preview = onBase(base, templatePreviewPath(t, { openCloneModal: true }));
  if (!signedIn) return { kind: 'sign-in', label: TEMPLATE_MESSAGES.useTemplate, href: authPath(t.id), redirect: preview };
  return { kind: 'use', label: TEMPLATE_MESSAGES.useTemplate, href: preview };
}

/** A short line under the button saying where the visitor stands. */
export function actionNote(t: ActionTemplate, signedIn: boolean): string | null {
  if (t.own) return TEMPLATE_MESSAGES.ownTemplate;
  if (!t.is_free && t.isPurchased) return TEMPLATE_MESSAGES.alreadyPurchased;
  if (needsPurchase(t)) return signedIn ? 'You pay once through Stripe, then the template is yours to use.' : 'Sign in or create an account to buy it. You pay once through Stripe.';
  return signedIn ? null : 'Sign in or create a free account to get your own copy.';
}

/** What the visitor's latest payment for a paid template says, when it is not simply paid. */
export function purchaseNote(status: PurchaseStatus | null): { color: string; text: string } | null {
  switch (status) {
    case 'pending':
      return { color: 'yellow', text: 'Your payment is being confirmed by Stripe. You get access as soon as it is confirmed: reload this page in a moment.' };
    case 'refunded':
      return { color: 'gray', text: 'Your payment for this template was refunded, so it is no longer yours to use. You can buy it again.' };
    case 'disputed':
      return { color: 'red', text: 'Your payment for this template is disputed with your bank: access is paused while the dispute is open.' };
    default:
      return null;
  }
}
