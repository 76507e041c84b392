import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom, issuesByPath } from './api';

describe('errorFrom (spec: message, else serialised response, else network text)', () => {
  it.each([
    [{ message: 'Invalid email or password' }, '', 'Invalid email or password'],
    [{ error: 'nope' }, '', '{"error":"nope"}'],
    [null, 'Bad gateway', 'Bad gateway'],
    [null, '', 'Network error occurred (502)'],
  ])('%j / %j → %s', (body, raw, message) => {
    expect(errorFrom(502, body, raw).message).toBe(message);
  });

  it('keeps the issues so they can be shown on the named fields', () => {
    const e = errorFrom(400, { message: 'X axis is required', issues: [{ path: 'x_axis', message: 'X axis is required' }] }, '');
    expect(e).toBeInstanceOf(ApiError);
    expect(issuesByPath(e)).toEqual({ x_axis: 'X axis is required' });
  });
});
