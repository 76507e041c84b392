import { describe, expect, it } from 'vitest';
import { pollInterval } from './block-geo';

describe('map points: asking again while addresses are pending', () => {
  it.each<[number, number, number | false]>([
    [0, 0, false],
    [0, 50, false],
    [3, 1, 2000],
    [3, 29, 2000],
    [3, 30, 15000],
    [1, 500, 15000],
  ])('pending %i after %i answers → %s', (pending, polls, expected) => {
    expect(pollInterval(pending, polls)).toBe(expected);
  });
});
