import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES, type WorkspaceEditor } from '../../../shared/api/workspace';
import { addedDate, checkEditorEmail, inviteResult, joinedText, joinStep, removeQuestion, sortEditors, withEditor, withoutEditor } from './editors';

const editor = (id: string, created_at: number, over: Partial<WorkspaceEditor> = {}): WorkspaceEditor => ({
  id,
  email: `${id}@example.com`,
  name: null,
  status: 'invited',
  created_at,
  ...over,
});

describe('invite check', () => {
  it.each([
    ['empty', ''],
    ['spaces only', '   '],
    ['no @', 'erin.example.com'],
    ['no dot after @', 'erin@example'],
    ['a space inside', 'erin @example.com'],
    ['two @', 'erin@@example.com'],
  ])('%s is refused with the server message', (_name, raw) => {
    expect(checkEditorEmail(raw)).toEqual({ ok: false, message: EDITOR_MESSAGES.invalidEmail });
  });

  it('sends the address trimmed and lower-cased (as the server stores it)', () => {
    expect(checkEditorEmail('  Erin.Editor@Example.COM ')).toEqual({ ok: true, email: 'erin.editor@example.com' });
  });
});

describe('texts', () => {
  it('an invitation that went out, and one whose e-mail failed', () => {
    expect(inviteResult('erin@example.com', true)).toEqual({ color: 'teal', text: 'Invitation sent to erin@example.com' });
    const notSent = 'Editor added, but the invitation e-mail was not sent (no mail server is set up, or it refused). Send them this link yourself: it works once, while they are signed in.';
    expect(inviteResult('erin@example.com', false)).toEqual({ color: 'yellow', text: notSent });
    // The link the server answers the owner when the e-mail was not sent, to pass on.
    expect(inviteResult('erin@example.com', false, 'http://localhost:3000/join-workspace?token=abc')).toEqual({
      color: 'yellow',
      text: notSent,
      link: 'http://localhost:3000/join-workspace?token=abc',
    });
  });

  it('the remove question and the join success', () => {
    expect(removeQuestion('erin@example.com')).toBe('Remove erin@example.com? They lose access to every app of your workspace at once.');
    expect(joinedText('Ada Owner')).toBe("You can now edit the apps of Ada Owner's workspace");
  });

  it('the added date is a calendar day from seconds', () => {
    expect(addedDate(Date.UTC(2026, 2, 14, 12) / 1000, 'en-GB')).toBe('14 Mar 2026');
  });
});

describe('editor list', () => {
  it('stays oldest first; an invitation lands in order, a repeat replaces in place; remove drops one', () => {
    const list = sortEditors([editor('b', 20), editor('a', 10)]);
    expect(list.map((e) => e.id)).toEqual(['a', 'b']);
    expect(withEditor(list, editor('c', 30)).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    const replaced = withEditor(list, editor('a', 10, { status: 'active', name: 'Ann' }));
    expect(replaced.map((e) => [e.id, e.status])).toEqual([
      ['a', 'active'],
      ['b', 'invited'],
    ]);
    expect(withoutEditor(list, 'a').map((e) => e.id)).toEqual(['b']);
    expect(withoutEditor(list, 'zzz')).toHaveLength(2);
  });
});

describe('join page', () => {
  it.each([
    [null, { pending: true, signedIn: false }, 'no-token'],
    ['  ', { pending: false, signedIn: true }, 'no-token'],
    ['abc', { pending: true, signedIn: false }, 'loading'],
    ['abc', { pending: false, signedIn: false }, 'sign-in'],
    ['abc', { pending: false, signedIn: true }, 'join'],
  ] as const)('token %j, %j → %s', (token, me, step) => {
    expect(joinStep(token, me)).toBe(step);
  });
});
