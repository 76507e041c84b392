import { describe, expect, it } from 'vitest';
import { allows } from './audience';

describe('allows', () => {
  it.each([
    ['Everyone', 'admin', true],
    ['Everyone', 'guest', true],
    ['Admins & Guests', 'admin', true],
    ['Admins & Guests', 'guest', true],
    ['Admins', 'admin', true],
    ['Admins', 'guest', false],
    ['Guests', 'guest', true],
    ['Guests', 'admin', false],
    ['None', 'admin', false],
    ['None', 'guest', false],
    ['', 'admin', false],
    [undefined, 'guest', false],
    ['everyone', 'guest', false],
  ] as const)('%s lets %s: %s', (audience, role, expected) => {
    expect(allows(audience, role)).toBe(expected);
  });
});
