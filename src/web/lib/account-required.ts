// 'Account Required' (shell §8): a request whose error message carries an invalid-status-code
// reply error (Node's ERR_HTTP_INVALID_STATUS_CODE, 'Invalid status code: …', what a back end
// answers for a visitor it has no account for) shows a toast and sends the visitor to sign up:
// the toast hides after 4 s, the move happens after 2 s (§9). One at a time: several failing
// requests of one page raise one toast and one move.
import { toast } from './toast';

export const ACCOUNT_REQUIRED_TITLE = 'Account Required';
export const ACCOUNT_REQUIRED_MESSAGE = 'You do not have an account with Sheetboard yet. Redirecting you to sign up...';
/** How long the toast stays (§8). */
export const ACCOUNT_REQUIRED_TOAST_MS = 4000;
/** When the visitor is moved to the sign-up page (§9: account-required redirect 2000 ms). */
export const ACCOUNT_REQUIRED_REDIRECT_MS = 2000;
export const SIGNUP_PATH = '/dashboard/signup';

/** Whether a request's error message is the invalid-status-code reply error. */
export function isAccountRequiredError(message: unknown): boolean {
  if (typeof message !== 'string' || !message) return false;
  return /ERR_HTTP_INVALID_STATUS_CODE|invalid status code/i.test(message);
}

export interface AccountRequiredDeps {
  notify: (title: string, message: string, autoCloseMs: number) => void;
  navigate: (path: string) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
}

/**
 * The toast and the delayed move, given how to show, move and wait (tests pass fakes). Returns
 * whether it started; a second call while one is under way does nothing.
 */
export function createAccountRequired(deps: AccountRequiredDeps) {
  let pending = false;
  return function accountRequired(): boolean {
    if (pending) return false;
    pending = true;
    deps.notify(ACCOUNT_REQUIRED_TITLE, ACCOUNT_REQUIRED_MESSAGE, ACCOUNT_REQUIRED_TOAST_MS);
    deps.setTimer(() => {
      pending = false;
      deps.navigate(SIGNUP_PATH);
    }, ACCOUNT_REQUIRED_REDIRECT_MS);
    return true;
  };
}

// The app's navigation (set by App.tsx to the router's, so the toast outlives the move); a full
// page load until then.
let navigateTo: (path: string) => void = (path) => window.location.assign(path);
export function setAccountRequiredNavigate(fn: (path: string) => void) {
  navigateTo = fn;
}

const run = createAccountRequired({
  notify: (title, message, ms) => toast.warning(title, message, ms),
  navigate: (path) => navigateTo(path),
  setTimer: (fn, ms) => setTimeout(fn, ms),
});

/** Called by the request layer with every refused request's message. */
export function checkAccountRequired(message: string): void {
  if (isAccountRequiredError(message)) run();
}
