import { describe, expect, it } from 'vitest';
import { compiledPattern, MAX_PATTERN_LENGTH, MAX_PATTERN_SIZE, patternProblem, regexTester } from './regex';

describe('regexTester', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['(', null],
    ['(a)\\1', null],
    [42, null],
  ])('%j gives no test (empty or unusable patterns are ignored)', (pattern, want) => {
    expect(regexTester(pattern)).toBe(want);
  });

  it('tests the pattern as written (not anchored)', () => {
    expect(regexTester('[0-9]')!('abc1')).toBe(true);
    expect(regexTester('^[0-9]$')!('abc1')).toBe(false);
  });

  it('runs a pattern that backtracks forever in JavaScript in linear time, with the right answer', () => {
    // JavaScript's RegExp never finishes this test (2^50000 ways to split the a's); RE2 answers.
    const nested = regexTester('^(a+)+$')!;
    expect(nested(`${'a'.repeat(50_000)}!`)).toBe(false);
    expect(nested('a'.repeat(50_000))).toBe(true);
  });

  it.each([
    // [pattern, value, matches]: RE2's meaning where it differs from JavaScript's RegExp.
    ['^.$', '😀', true], // one character, even outside the Basic Multilingual Plane (JS: two)
    ['^\\x{e9}$', 'é', true], // RE2's way to write a character by its code (JS: \u00e9)
    ['(?i)^abc$', 'ABC', true], // case-insensitive flag inside the pattern
    ['^\\s$', '\u00a0', false], // \s is the ASCII spaces only (JS: any Unicode space)
    ['^\\p{L}+$', 'Ærø', true], // Unicode letters
    ['a$', 'a\n', false], // $ is the end of the value, as in JS
    ['^[A-Z]{3}-[0-9]+$', 'ABC-12', true],
  ])('%j on %j: %s', (pattern, value, want) => {
    expect(regexTester(pattern)!(value)).toBe(want);
  });
});

describe('patternProblem', () => {
  it.each(['', '^[A-Z]{3}-[0-9]+$', '^(a+)+$', '(?i)^yes|no$', '^(?P<code>[0-9]{4})$', '^(?<code>[0-9]{4})$', 'a{1000}'])('%j can be used', (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
  });

  it.each([
    ['(a)\\1', 'refers back to an earlier group (\\1), which is not supported: write the pattern without it'],
    ['(?<x>a)\\k<x>', 'refers back to an earlier group (\\k), which is not supported: write the pattern without it'],
    ['^(?=.*[0-9]).{8,}$', 'looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it'],
    ['^(?!x)', 'looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it'],
    ['(?<=a)b', 'looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it'],
    ['(?<!a)b', 'looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it'],
    ['\\u00e9', 'uses \\u, which is not supported: write \\x{00e9} for the character é (its code in hexadecimal)'],
    ['a{1001}', 'repeats too many times ({1001}): at most 1000, counting repeats inside repeats multiplied'],
    ['((a{100}){100}){100}', 'repeats too many times ({100}): at most 1000, counting repeats inside repeats multiplied'],
    ['(', 'is not a valid pattern (missing closing ) (): check its brackets and backslashes'],
    ['[a-', 'is not a valid pattern (missing closing ] [a-): check its brackets and backslashes'],
  ])('%j is refused: %s', (pattern, reason) => {
    expect(patternProblem(pattern)).toBe(reason);
  });

  it('refuses a pattern too long or too big to test quickly', () => {
    expect(patternProblem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(`is longer than ${MAX_PATTERN_LENGTH} characters: shorten it`);
    const big = '(\\w+\\s*){400}';
    expect(compiledPattern('(\\w+\\s*){300}')!.size).toBeLessThanOrEqual(MAX_PATTERN_SIZE);
    expect(patternProblem(big)).toBe('is too complex to check quickly: use fewer or smaller repeats');
    expect(compiledPattern(big)).toBeNull();
  });
});
