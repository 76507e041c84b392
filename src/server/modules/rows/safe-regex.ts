// Form regex_validation patterns are written by board owners and run on every submit, so a
// pattern with catastrophic backtracking (`^(a+)+$`) must not hold the event loop. Each test
// runs in a vm context with a deadline: V8 interrupts the regex engine when it passes.
import vm from 'node:vm';

export const REGEX_TIMEOUT_MS = 100;
/** Longer values are not tested past this many characters of pattern or value (memory, time). */
const MAX_PATTERN = 2000;

const sandbox = vm.createContext(Object.create(null) as object);
const script = new vm.Script('new RegExp(pattern).test(value)');

/**
 * A tester for a pattern: null when there is no pattern (empty) or it does not compile (an
 * invalid pattern is ignored, as the browser ignores an invalid `pattern` attribute).
 */
export function safeRegexTester(pattern: unknown, timeoutMs = REGEX_TIMEOUT_MS): ((value: string) => boolean | 'timeout') | null {
  if (typeof pattern !== 'string' || pattern.trim() === '' || pattern.length > MAX_PATTERN) return null;
  try {
    new RegExp(pattern);
  } catch {
    return null;
  }
  return (value) => {
    const globals = sandbox as { pattern?: string; value?: string };
    globals.pattern = pattern;
    globals.value = value;
    try {
      return script.runInContext(sandbox, { timeout: timeoutMs }) === true;
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timeout';
      throw e;
    } finally {
      globals.pattern = undefined;
      globals.value = undefined;
    }
  };
}
