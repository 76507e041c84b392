// Owner-written patterns (a form field's regex_validation) run on RE2 (re2js, pure JavaScript), a
// linear-time engine: no pattern can make a test backtrack for seconds, whatever the value. The
// browser's check before sending and the server's check on submit both come from here, so they
// agree on what a pattern means. The syntax is RE2's (https://github.com/google/re2/wiki/Syntax):
// JavaScript's own patterns mostly read the same; back-references and look-arounds have no
// linear-time equivalent and are refused when the form is saved (patternProblem).
import { RE2JS, RE2JSSyntaxException } from 're2js';

/** The longest pattern accepted (characters). */
export const MAX_PATTERN_LENGTH = 1000;
/**
 * The largest compiled pattern accepted, in RE2 instructions (`programSize`; `^[A-Z]{3}-[0-9]+$`
 * is 12, `^(a+)+$` 9). A test costs at most about the value's length times this.
 */
export const MAX_PATTERN_SIZE = 2000;

export interface CompiledPattern {
  test: (value: string) => boolean;
  /** RE2 instructions: the cost of one character of value (an upper bound). */
  size: number;
}

type Compiled = { ok: true; pattern: CompiledPattern } | { ok: false; problem: string };

// Forms run the same few patterns on every submit; compiling one costs far more than a test.
const cache = new Map<string, Compiled>();
const CACHE_MAX = 500;

function reasonOf(e: RE2JSSyntaxException): string {
  const input = e.input ?? '';
  if (e.error === 'invalid escape sequence' && /^\\(?:[1-9]|k)/.test(input))
    return `refers back to an earlier group (${input}), which is not supported: write the pattern without it`;
  if (/^\(\?<?[=!]/.test(input))
    return 'looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it';
  if (e.error === 'invalid escape sequence' && input.startsWith('\\u'))
    return 'uses \\u, which is not supported: write \\x{00e9} for the character é (its code in hexadecimal)';
  if (e.error === 'invalid repeat count')
    return `repeats too many times (${input}): at most 1000, counting repeats inside repeats multiplied`;
  return `is not a valid pattern (${e.error}${input ? ` ${input}` : ''}): check its brackets and backslashes`;
}

function compile(pattern: string): Compiled {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, problem: `is longer than ${MAX_PATTERN_LENGTH} characters: shorten it` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    if (e instanceof RE2JSSyntaxException) return { ok: false, problem: reasonOf(e) };
    return { ok: false, problem: 'is not a valid pattern: check its brackets and backslashes' };
  }
  const size = re.programSize();
  if (size > MAX_PATTERN_SIZE) return { ok: false, problem: 'is too complex to check quickly: use fewer or smaller repeats' };
  return { ok: true, pattern: { test: (value) => re.test(value), size } };
}

function compiled(pattern: string): Compiled {
  let c = cache.get(pattern);
  if (!c) {
    c = compile(pattern);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(pattern, c);
  }
  return c;
}

function isBlank(pattern: unknown): boolean {
  return typeof pattern !== 'string' || pattern.trim() === '';
}

/**
 * Why a pattern cannot be used, as the end of a sentence about it ('refers back to …'), or null
 * when it can (an empty pattern means no check and is fine).
 */
export function patternProblem(pattern: unknown): string | null {
  if (isBlank(pattern)) return null;
  const c = compiled(pattern as string);
  return c.ok ? null : c.problem;
}

/**
 * The compiled pattern, or null when there is none (empty) or it cannot be used (a form saved
 * before patterns were checked on saving): such a pattern is ignored, as the browser ignores an
 * invalid HTML `pattern` attribute. A test searches the value as written (not anchored): '^…$'
 * pins the whole value.
 */
export function compiledPattern(pattern: unknown): CompiledPattern | null {
  if (isBlank(pattern)) return null;
  const c = compiled(pattern as string);
  return c.ok ? c.pattern : null;
}

/** A test for the pattern (see compiledPattern), or null. */
export function regexTester(pattern: unknown): ((value: string) => boolean) | null {
  return compiledPattern(pattern)?.test ?? null;
}
