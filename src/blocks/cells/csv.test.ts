import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    [' padded', '" padded"'],
    [12.5, '12.5'],
    [-3, '-3'],
    [null, ''],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['@cmd', "'@cmd"],
    ['-x', "'-x"],
    ['Zoë', 'Zoë'],
  ])('%j → %s', (value, expected) => expect(csvField(value)).toBe(expected));

  it('has a BOM, a header row and CRLF lines', () => {
    expect(toCsv([{ A: 1, B: 'x,y' }, { A: 2 }], ['A', 'B'])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n2,\r\n');
  });
});
