// Form regex_validation patterns are written by app owners and run on every submit, often by
// anonymous visitors. They run on RE2 (shared/rows/regex.ts): a test takes time linear in the
// value, so `^(a+)+$` against 'aaaa…!' costs microseconds, not seconds. As defence in depth a
// request also has a budget: the sum over its tests of (characters + 1) × the pattern's size
// (RE2 instructions). Counted, not timed, so the same request gets the same answer every time;
// a value whose test would overdraw it is refused rather than tested. And a request that has
// tested a lot lets the others run (`pause`) before it tests more.
import { compiledPattern } from '../../../shared/rows/regex';

/**
 * Units of one request: 4,000,000 × ~10 ns (the slowest RE2 case measured: NFA fallback) is about
 * 40 ms. A form of 50 fields with 1,000-character answers and 20-instruction patterns uses 1,000,000.
 */
export const REGEX_BUDGET = 4_000_000;
/** Units tested before `pause` gives the event loop back to other requests (at most ~2.5 ms). */
export const REGEX_SLICE = 250_000;

export type BudgetedTester = (value: string) => boolean | 'over-budget';

export interface RegexBudget {
  /** A tester drawing on this budget; null when there is no pattern or it cannot be used (ignored, as the browser does). */
  tester: (pattern: unknown) => BudgetedTester | null;
  /** True when REGEX_SLICE units were tested since the last pause. */
  due: () => boolean;
  /** Lets other requests run when due (a setImmediate turn); resolves at once otherwise. */
  pause: () => Promise<void>;
}

/** The budget of one request: every tester draws on the same units. */
export function regexBudget(units = REGEX_BUDGET, slice = REGEX_SLICE): RegexBudget {
  let left = units;
  let sinceYield = 0;
  return {
    tester: (pattern) => {
      const compiled = compiledPattern(pattern);
      if (!compiled) return null;
      return (value) => {
        const cost = (value.length + 1) * compiled.size;
        if (cost > left) return 'over-budget';
        left -= cost;
        sinceYield += cost;
        return compiled.test(value);
      };
    },
    due: () => sinceYield >= slice,
    pause: async () => {
      if (sinceYield < slice) return;
      sinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}
