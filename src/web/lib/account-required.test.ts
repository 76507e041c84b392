import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_REQUIRED_MESSAGE,
  ACCOUNT_REQUIRED_REDIRECT_MS,
  ACCOUNT_REQUIRED_TITLE,
  ACCOUNT_REQUIRED_TOAST_MS,
  createAccountRequired,
  isAccountRequiredError,
} from './account-required';

describe('isAccountRequiredError (shell §8: a message containing an invalid-status-code reply error)', () => {
  it.each([
    ['RangeError [ERR_HTTP_INVALID_STATUS_CODE]: Invalid status code: undefined', true],
    ['Invalid status code: undefined', true],
    ['invalid status code: 0', true],
    ['{"code":"ERR_HTTP_INVALID_STATUS_CODE"}', true],
    ['Network error occurred', false],
    ['Invalid email or password', false],
    ['Request failed with status code 500', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (message, expected) => {
    expect(isAccountRequiredError(message)).toBe(expected);
  });
});

describe('the Account Required toast and move (§8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const notify = vi.fn();
    const navigate = vi.fn();
    const run = createAccountRequired({ notify, navigate, setTimer: (fn, ms) => setTimeout(fn, ms) });
    return { notify, navigate, run };
  }

  it('shows the toast for 4 s at once and moves to /dashboard/signup after 2 s', () => {
    const { notify, navigate, run } = setup();
    expect(run()).toBe(true);
    expect(notify).toHaveBeenCalledWith(ACCOUNT_REQUIRED_TITLE, ACCOUNT_REQUIRED_MESSAGE, 4000);
    expect(ACCOUNT_REQUIRED_TITLE).toBe('Account Required');
    expect(ACCOUNT_REQUIRED_TOAST_MS).toBe(4000);
    expect(ACCOUNT_REQUIRED_REDIRECT_MS).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard/signup');
  });

  it('raises one toast and one move for several failures at once, and again for a later one', () => {
    const { notify, navigate, run } = setup();
    run();
    expect(run()).toBe(false);
    expect(run()).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(run()).toBe(true);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('says the visitor has no account and is being sent to sign up', () => {
    expect(ACCOUNT_REQUIRED_MESSAGE).toMatch(/account/i);
    expect(ACCOUNT_REQUIRED_MESSAGE).toMatch(/sign up/i);
  });
});
