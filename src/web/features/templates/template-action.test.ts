import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { actionNote, authPath, needsPurchase, onBase, purchaseNote, templateAction, type ActionTemplate } from './template-action';

const BASE = 'http://localhost:3000';
const DETAIL = 'http://localhost:3000/templates/sales-board';
const t = (patch: Partial<ActionTemplate> = {}): ActionTemplate => ({ id: 'tpl1', subdomain: 'sales-board-v1', is_free: true, price: 0, isPurchased: false, own: false, can_clone: false, ...patch });
const preview = `${BASE}/sales-board-v1?preview=true&template_id=tpl1&open_clone_modal=true`;

describe('the main button of a template', () => {
  it('free, signed in: Use Template opens the preview with the clone modal', () => {
    expect(templateAction(t({ can_clone: true }), true, BASE, DETAIL)).toEqual({ kind: 'use', label: TEMPLATE_MESSAGES.useTemplate, href: preview });
  });

  it('free, visitor: Use Template signs in first (template_id carried) and comes back to that preview', () => {
    expect(templateAction(t(), false, BASE, DETAIL)).toEqual({ kind: 'sign-in', label: 'Use Template', href: '/dashboard/auth?template_id=tpl1', redirect: preview });
  });

  it('paid, not bought, signed in: Buy for $x', () => {
    expect(templateAction(t({ is_free: false, price: 12.5 }), true, BASE, DETAIL)).toEqual({ kind: 'buy', label: 'Buy for $12.50' });
  });

  it('paid, visitor: Buy signs in first and comes back to the template page', () => {
    expect(templateAction(t({ is_free: false, price: 5 }), false, BASE, DETAIL)).toEqual({ kind: 'sign-in', label: 'Buy for $5.00', href: '/dashboard/auth?template_id=tpl1', redirect: DETAIL });
  });

  it.each<[string, Partial<ActionTemplate>]>([
    ['bought', { isPurchased: true, can_clone: true }],
    ['own', { own: true, can_clone: true }],
    ['clonable', { can_clone: true }],
  ])('paid and %s: Use Template', (_, patch) => {
    const a = templateAction(t({ is_free: false, price: 9, ...patch }), true, BASE, DETAIL);
    expect(a).toEqual({ kind: 'use', label: 'Use Template', href: preview });
  });

  it('uses the path alone while the base URL is not known yet', () => {
    const a = templateAction(t({ can_clone: true }), true, undefined, DETAIL);
    expect(a.kind === 'use' && a.href).toBe('/sales-board-v1?preview=true&template_id=tpl1&open_clone_modal=true');
  });

  it('needsPurchase only for a paid template the visitor has no right to', () => {
    expect(needsPurchase(t())).toBe(false);
    expect(needsPurchase(t({ is_free: false }))).toBe(true);
    expect(needsPurchase(t({ is_free: false, isPurchased: true }))).toBe(false);
    expect(needsPurchase(t({ is_free: false, own: true }))).toBe(false);
  });
});

describe('addresses', () => {
  it('authPath escapes the id', () => {
    expect(authPath('a b&c')).toBe('/dashboard/auth?template_id=a+b%26c');
  });

  it.each([
    ['http://localhost:3000', '/x?y=1', 'http://localhost:3000/x?y=1'],
    ['http://localhost:3000/', '/x', 'http://localhost:3000/x'],
    [undefined, '/x', '/x'],
  ])('onBase(%s, %s) → %s', (base, path, url) => {
    expect(onBase(base, path)).toBe(url);
  });
});

describe('notes', () => {
  it.each<[Partial<ActionTemplate>, boolean, string | null]>([
    [{ own: true }, true, TEMPLATE_MESSAGES.ownTemplate],
    [{ is_free: false, isPurchased: true }, true, TEMPLATE_MESSAGES.alreadyPurchased],
    [{ is_free: false }, true, 'You pay once through Stripe, then the template is yours to use.'],
    [{ is_free: false }, false, 'Sign in or create an account to buy it. You pay once through Stripe.'],
    [{}, false, 'Sign in or create a free account to get your own copy.'],
    [{ can_clone: true }, true, null],
  ])('%j (signed in: %s)', (patch, signedIn, note) => {
    expect(actionNote(t(patch), signedIn)).toBe(note);
  });

  it('explains a pending, refunded or disputed payment, nothing otherwise', () => {
    expect(purchaseNote('pending')?.text).toMatch(/being confirmed/);
    expect(purchaseNote('refunded')?.text).toMatch(/refunded/);
    expect(purchaseNote('disputed')?.color).toBe('red');
    expect(purchaseNote('paid')).toBeNull();
    expect(purchaseNote('expired')).toBeNull();
    expect(purchaseNote(null)).toBeNull();
  });
});
