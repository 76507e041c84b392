import { describe, expect, it } from 'vitest';
import { isControlChar, stripControlChars } from './control-chars';

describe('control characters', () => {
  it.each([
    ['https://a.example/x\u0000y', 'https://a.example/xy'],
    ['line\nbreak\ttab\r', 'linebreaktab'],
    ['del\u007f and unit\u001f separator', 'del and unit separator'],
    ['space and é ü 漢 stay', 'space and é ü 漢 stay'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripControlChars(input)).toBe(expected);
  });

  it('draws the line at U+001F and DEL', () => {
    expect([0x00, 0x1f, 0x7f].every(isControlChar)).toBe(true);
    expect([0x20, 0x7e, 0x80, 0xa0].some(isControlChar)).toBe(false);
  });
});
