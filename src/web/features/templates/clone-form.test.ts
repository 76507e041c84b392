import { describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import { cloneAddress, cloneNameProblem, cloneRefusal, mappingPath } from './clone-form';

describe('cloneNameProblem', () => {
  it.each([
    ['', TEMPLATE_MESSAGES.cloneNameRequired],
    ['   ', TEMPLATE_MESSAGES.cloneNameRequired],
    ['Sales board', null],
    [`  ${'a'.repeat(TEMPLATE_LIMITS.cloneNameMax)}  `, null],
    ['a'.repeat(TEMPLATE_LIMITS.cloneNameMax + 1), TEMPLATE_MESSAGES.cloneNameTooLong],
  ])('%j → %j', (name, expected) => {
    expect(cloneNameProblem(name)).toBe(expected);
  });
});

describe('cloneAddress', () => {
  it.each([
    ['', ''],
    ['Sales  Board!', 'Address: localhost:3000/sales-board (a number is added if it is taken)'],
    ['!!!', 'Address: localhost:3000/app-2 (a number is added if it is taken)'],
    ['Templates', 'Address: localhost:3000/templates-2 (a number is added if it is taken)'],
  ])('%j → %j', (name, expected) => {
    expect(cloneAddress(name, 'http://localhost:3000')).toBe(expected);
  });
});

describe('cloneRefusal', () => {
  const err = (status: number, message: string) => Object.assign(new Error(message), { status });
  it('402: the server’s words and where to buy', () => {
    expect(cloneRefusal(err(402, TEMPLATE_MESSAGES.notPurchased), 'sales-board')).toEqual({ message: TEMPLATE_MESSAGES.notPurchased, buyPath: '/templates/sales-board' });
  });
  it('429: the server’s words, nothing to buy', () => {
    expect(cloneRefusal(err(429, TEMPLATE_MESSAGES.tooManyClones('12 minutes')), 'x')).toEqual({ message: TEMPLATE_MESSAGES.tooManyClones('12 minutes'), buyPath: null });
  });
  it.each([0, 500])('%i: the plain failure text', (status) => {
    expect(cloneRefusal(err(status, 'Internal Server Error'), 'x')).toEqual({ message: TEMPLATE_MESSAGES.cloneFailed, buyPath: null });
  });
});

it('mappingPath', () => {
  expect(mappingPath('a/b')).toBe('/dashboard/apps/a%2Fb/map-data');
});
