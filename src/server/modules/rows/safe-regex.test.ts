// The budget of one request's pattern tests: counted in RE2 instructions × characters, never timed.
import { describe, expect, it } from 'vitest';
import { compiledPattern } from '../../../shared/rows/regex';
import { regexBudget } from './safe-regex';

describe('regexBudget', () => {
  const size = compiledPattern('^(a+)+$')!.size;

  it('tests while the units last, then refuses a test that would overdraw them; a cheaper one still fits', () => {
    const budget = regexBudget(size * 30, Infinity);
    const test = budget.tester('^(a+)+$')!;
    expect(test('a'.repeat(9))).toBe(true); // 10 × size
    expect(test(`${'a'.repeat(8)}!`)).toBe(false); // 10 × size: 20 used
    expect(test('a'.repeat(10))).toBe('over-budget'); // 11 × size would make 31
    expect(budget.tester('^a$')!('a')).toBe(true); // another pattern draws on what is left
  });

  it('gives no tester for an empty or unusable pattern', () => {
    const budget = regexBudget();
    expect(budget.tester('')).toBeNull();
    expect(budget.tester('(a)\\1')).toBeNull();
  });

  it('is due to pause after a slice of units, and the pause lets a waiting callback run first', async () => {
    const budget = regexBudget(Infinity, size * 100);
    const test = budget.tester('^(a+)+$')!;
    test('a'.repeat(98));
    expect(budget.due()).toBe(false);
    test('a');
    expect(budget.due()).toBe(true);
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    await budget.pause();
    order.push('resumed');
    expect(order).toEqual(['other request', 'resumed']);
    expect(budget.due()).toBe(false);
  });
});
