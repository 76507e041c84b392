import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { addFailureText, checkUser, deleteQuestion, failureText, permissionLabel, sortUsers, withoutUser, withUser } from './users-form';

const user = (id: string, created_at: number, over = {}) => ({ id, name: `User ${id}`, email: `${id}@example.com`, permissions: 'read' as const, groups: [] as string[], created_at, ...over });

describe('app user form', () => {
  it.each([
    ['both empty', '', '', 'Please fill in both Name and Email.'],
    ['spaces only', '   ', '  ', 'Please fill in both Name and Email.'],
    ['no email', 'Ann', '', 'Please fill in both Name and Email.'],
    ['no name', ' ', 'ann@example.com', 'Please fill in both Name and Email.'],
    ['no @', 'Ann', 'ann.example.com', 'Please enter a valid Email address (e.g., name@example.com).'],
    ['no dot after @', 'Ann', 'ann@example', 'Please enter a valid Email address (e.g., name@example.com).'],
    ['a space inside (trimmed first)', 'Ann', '  ann @example.com ', 'Please enter a valid Email address (e.g., name@example.com).'],
  ])('%s: %s', (_name, name, email, message) => {
    expect(checkUser({ name, email, permissions: 'read', groups: [] })).toEqual({ ok: false, message });
  });

  it('trims what is sent', () => {
    expect(checkUser({ name: '  Ann Lee ', email: ' ann@example.com  ', permissions: 'read-write', groups: [' North ', '', 'North', 'Sales'] })).toEqual({
      ok: true,
      value: { name: 'Ann Lee', email: 'ann@example.com', permissions: 'read-write', groups: ['North', 'Sales'] },
    });
  });

  it.each([
    ['read', 'Read'],
    ['read-write', 'Read-Write'],
    ['admin', 'Read'],
    [undefined, 'Read'],
  ])('permission %s shows as %s', (p, label) => {
    expect(permissionLabel(p)).toBe(label);
  });
});

describe('app user list', () => {
  it('is sorted by created_at ascending; an add lands in order, an update in place', () => {
    const list = sortUsers([user('b', 20), user('a', 10)]);
    expect(list.map((u) => u.id)).toEqual(['a', 'b']);
    expect(withUser(list, user('c', 30)).map((u) => u.id)).toEqual(['a', 'b', 'c']);
    const updated = withUser(list, user('a', 10, { name: 'Renamed', permissions: 'read-write' }));
    expect(updated.map((u) => [u.id, u.name])).toEqual([['a', 'Renamed'], ['b', 'User b']]);
    expect(withoutUser(updated, 'a').map((u) => u.id)).toEqual(['b']);
  });

  it('failure texts carry the server message', () => {
    expect(failureText('load', new ApiError('Only the owner can manage app users', 403))).toBe('Failed to load users: Only the owner can manage app users');
    expect(failureText('update', new Error(''))).toBe('Failed to update user.');
    expect(failureText('delete', 'odd')).toBe('Failed to delete user.');
    expect(addFailureText(new ApiError('ann@example.com is already a user of this app', 409))).toBe('ann@example.com is already a user of this app');
    expect(addFailureText(null)).toBe('The user could not be added. Please try again.');
  });

  it('delete asks first', () => {
    expect(deleteQuestion({ name: 'Ann', email: 'ann@example.com' })).toBe('Are you sure you want to delete user Ann (ann@example.com)? This action cannot be undone.');
  });
});
