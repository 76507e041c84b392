import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom, issuesByPath, messageOf } from './api';

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

  it('keeps the server code beside the message, so callers can branch on it', () => {
    const e = errorFrom(409, { message: 'ann@example.com is already a user of this app', code: 'conflict' }, '');
    expect(e.message).toBe('ann@example.com is already a user of this app');
    expect(e.status).toBe(409);
    expect(e.code).toBe('conflict');
    expect(e.issues).toEqual([]);
  });

  it('keeps code and issues of a validation error together', () => {
    const body = { message: 'Invalid email: Please enter a valid email address', code: 'invalid', issues: [{ path: 'email', message: 'Please enter a valid email address' }] };
    const e = errorFrom(400, body, JSON.stringify(body));
    expect(e.code).toBe('invalid');
    expect(e.issues).toEqual(body.issues);
    expect(e.body).toEqual(body);
  });

  it.each([
    ['no code', { message: 'Not found' }],
    ['a code that is not text', { message: 'Not found', code: 404 }],
    ['an empty code', { message: 'Not found', code: '' }],
    ['a body that is not JSON', null],
  ])('has no code for %s', (_, body) => {
    expect(errorFrom(404, body, 'Not found').code).toBeUndefined();
  });

  it('drops malformed issues rather than showing them on no field', () => {
    const e = errorFrom(400, { message: 'Bad', code: 'bad_request', issues: [{ path: 'a', message: 'A' }, { path: 1 }, 'b', null] }, '');
    expect(e.issues).toEqual([{ path: 'a', message: 'A' }]);
  });
});

describe('ApiError', () => {
  it('is an Error whose message is the text to show', () => {
    const e = new ApiError('Only the owner can manage app users', 403, [], null, 'forbidden');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ApiError');
    expect(messageOf(e)).toBe('Only the owner can manage app users');
    expect(e.code).toBe('forbidden');
  });
});
