import { describe, expect, it } from 'vitest';
import type { HideRule, Setting } from './types';
import { evaluateRule, isVisible, ruleKeys } from './visibility';

const values = { type: 'bar', on: true, off: false, n: 3, empty: '' };

describe('evaluateRule', () => {
  it.each<[string, HideRule, boolean]>([
    ['equals string', { setting: 'type', equals: 'bar' }, true],
    ['equals other', { setting: 'type', equals: 'line' }, false],
    ['equals true', { setting: 'on', equals: true }, true],
    ['equals is strict', { setting: 'n', equals: '3' }, false],
    ['equals missing key vs undefined', { setting: 'nope', equals: undefined }, true],
    ['in hit', { setting: 'type', in: ['line', 'bar'] }, true],
    ['in miss', { setting: 'type', in: ['pie'] }, false],
    ['in empty list', { setting: 'type', in: [] }, false],
    ['not', { not: { setting: 'on', equals: true } }, false],
    ['not not', { not: { not: { setting: 'on', equals: true } } }, true],
    ['all true', { all: [{ setting: 'on', equals: true }, { setting: 'type', equals: 'bar' }] }, true],
    ['all one false', { all: [{ setting: 'on', equals: true }, { setting: 'off', equals: true }] }, false],
    ['all empty', { all: [] }, true],
    ['any one true', { any: [{ setting: 'off', equals: true }, { setting: 'n', equals: 3 }] }, true],
    ['any none', { any: [{ setting: 'off', equals: true }, { setting: 'n', equals: 4 }] }, false],
    ['any empty', { any: [] }, false],
    [
      'nested',
      { all: [{ any: [{ setting: 'type', in: ['pie'] }, { not: { setting: 'off', equals: true } }] }, { setting: 'empty', equals: '' }] },
      true,
    ],
  ])('%s', (_, rule, expected) => {
    expect(evaluateRule(rule, values)).toBe(expected);
  });
});

describe('isVisible', () => {
  const base: Setting = { type: 'number', default: 1 };
  it.each<[string, Setting, boolean]>([
    ['no rule', base, true],
    ['rule holds', { ...base, showIf: { setting: 'on', equals: true } }, true],
    ['rule fails', { ...base, showIf: { setting: 'off', equals: true } }, false],
    ['hidden wins', { ...base, hidden: true }, false],
    ['hidden even when rule holds', { ...base, hidden: true, showIf: { setting: 'on', equals: true } }, false],
  ])('%s', (_, setting, expected) => expect(isVisible(setting, values)).toBe(expected));
});

describe('ruleKeys', () => {
  it.each<[HideRule, string[]]>([
    [{ setting: 'a', equals: 1 }, ['a']],
    [{ setting: 'a', in: [1] }, ['a']],
    [{ not: { setting: 'b', equals: 1 } }, ['b']],
    [{ all: [{ setting: 'a', equals: 1 }, { any: [{ setting: 'b', equals: 1 }, { setting: 'c', in: [] }] }] }, ['a', 'b', 'c']],
  ])('%j → %j', (rule, keys) => expect(ruleKeys(rule)).toEqual(keys));
});
