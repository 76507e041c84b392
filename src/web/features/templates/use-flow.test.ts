import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { afterLookup, cloneModalHere, cloneModalKey, decideUseTemplate, lookupFailure, withoutCloneModal, type UseFlowInput } from './use-flow';

const BASE = 'http://localhost:3000';
const input = (over: Partial<UseFlowInput>): UseFlowInput => ({ signedIn: false, canEdit: false, templateId: null, boardKey: null, baseUrl: BASE, ...over });

describe('decideUseTemplate (shell §4)', () => {
  it.each<[string, Partial<UseFlowInput>, ReturnType<typeof decideUseTemplate>]>([
    [
      'signed in, template_id, on its preview: the preview on the board host with the clone modal',
      { signedIn: true, templateId: 't1', boardKey: 'tpl-abc' },
      { kind: 'go', url: `${BASE}/tpl-abc?preview=true&template_id=t1&open_clone_modal=true`, remember: null },
    ],
    ['an editor (no account session here) with template_id: the same', { canEdit: true, templateId: 't1', boardKey: 'tpl-abc' }, { kind: 'go', url: `${BASE}/tpl-abc?preview=true&template_id=t1&open_clone_modal=true`, remember: null }],
    ['signed in, template_id, no board: look the template up by id', { signedIn: true, templateId: 't1' }, { kind: 'lookup', key: 't1' }],
    ['signed in, no template_id: look it up by the board subdomain', { signedIn: true, boardKey: 'tpl-abc' }, { kind: 'lookup', key: 'tpl-abc' }],
    ['signed in, nothing to look up: /templates', { signedIn: true }, { kind: 'go', url: `${BASE}/templates`, remember: null }],
    [
      'not signed in, template_id: /dashboard/auth carrying it, the preview remembered',
      { templateId: 't1', boardKey: 'tpl-abc' },
      { kind: 'go', url: `${BASE}/dashboard/auth?template_id=t1`, remember: `${BASE}/tpl-abc?preview=true&template_id=t1&open_clone_modal=true` },
    ],
    [
      'not signed in, no template_id: /dashboard/auth, back to this board with the clone modal',
      { boardKey: 'tpl-abc' },
      { kind: 'go', url: `${BASE}/dashboard/auth`, remember: `${BASE}/tpl-abc?preview=true&open_clone_modal=true` },
    ],
    ['not signed in, template_id only: the sign-in page finds it', { templateId: 't 1&x' }, { kind: 'go', url: `${BASE}/dashboard/auth?template_id=t+1%26x`, remember: null }],
    ['not signed in, nothing: plain sign-in', {}, { kind: 'go', url: `${BASE}/dashboard/auth`, remember: null }],
    ['blank template_id counts as none', { signedIn: true, templateId: '  ', boardKey: 'tpl-abc' }, { kind: 'lookup', key: 'tpl-abc' }],
    ['a template_id too long to be one', { signedIn: true, templateId: 'x'.repeat(201) }, { kind: 'fail', message: TEMPLATE_MESSAGES.unidentified, fallback: `${BASE}/templates` }],
  ])('%s', (_name, over, expected) => {
    expect(decideUseTemplate(input(over))).toEqual(expected);
  });

  it('keeps the base URL’s own path free of double slashes', () => {
    expect(decideUseTemplate(input({ signedIn: true, baseUrl: `${BASE}/` }))).toEqual({ kind: 'go', url: `${BASE}/templates`, remember: null });
  });
});

describe('after a look-up', () => {
  it('a found template: its preview with the clone modal', () => {
    expect(afterLookup({ id: 't9', subdomain: 'tpl-9' }, BASE)).toEqual({ kind: 'go', url: `${BASE}/tpl-9?preview=true&template_id=t9&open_clone_modal=true`, remember: null });
  });
  it.each([
    [404, TEMPLATE_MESSAGES.notFound],
    [400, TEMPLATE_MESSAGES.unidentified],
    [500, TEMPLATE_MESSAGES.loadFailed],
    [0, TEMPLATE_MESSAGES.loadFailed],
    [undefined, TEMPLATE_MESSAGES.loadFailed],
  ])('status %j → %s, then /templates', (status, message) => {
    expect(lookupFailure(status, BASE)).toEqual({ kind: 'fail', message, fallback: `${BASE}/templates` });
  });
});

describe('cloneModalKey', () => {
  it.each([
    ['t1', 'tpl-a', 't1'],
    [null, 'tpl-a', 'tpl-a'],
    [' ', 'tpl-a', 'tpl-a'],
    [null, null, null],
    ['x'.repeat(201), 'tpl-a', null],
  ])('%j, %j → %j', (id, key, expected) => {
    expect(cloneModalKey(id, key)).toBe(expected);
  });
});

describe('withoutCloneModal', () => {
  it.each([
    ['?preview=true&template_id=t1&open_clone_modal=true', '?preview=true&template_id=t1'],
    ['?open_clone_modal=true', ''],
    ['', ''],
  ])('%j → %j', (search, expected) => {
    expect(withoutCloneModal(search)).toBe(expected);
  });
});

describe('cloneModalHere', () => {
  const here = { origin: BASE, pathname: '/tpl-abc/products', search: '?preview=true&template_id=t1&row=4' };
  it('the same board on the same host: this page, the clone modal added', () => {
    expect(cloneModalHere(`${BASE}/tpl-abc?preview=true&template_id=t1&open_clone_modal=true`, here)).toBe(
      '/tpl-abc/products?preview=true&template_id=t1&row=4&open_clone_modal=true',
    );
  });
  it.each([
    ['another board', `${BASE}/tpl-other?preview=true&open_clone_modal=true`],
    ['another host', 'http://other.test/tpl-abc?preview=true&open_clone_modal=true'],
  ])('%s: null', (_n, target) => {
    expect(cloneModalHere(target, here)).toBeNull();
  });
});
