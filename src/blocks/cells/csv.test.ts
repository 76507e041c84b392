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
    // Formula injection: anything starting with = + - @ tab or CR is text, whatever follows.
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-1+1', "'-1+1"],
    ['-2-3', "'-2-3"],
    ['-2)', "'-2)"],
    ['-3.5e2x', "'-3.5e2x"],
    ['-', "'-"],
    ['+2', "'+2"],
    ['+1+cmd', "'+1+cmd"],
    ['=1+1', "'=1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['-.5)+cmd', "'-.5)+cmd"],
    // Exactly a negative number stays a number.
    ['-2', '-2'],
    ['-3.5', '-3.5'],
    ['-.5', '-.5'],
    ['-1e3', '-1e3'],
    [-2.5, '-2.5'],
    ['Zoë', 'Zoë'],
  ])('%j → %s', (value, expected) => expect(csvField(value)).toBe(expected));

  it('has a BOM, a header row and CRLF lines', () => {
    expect(toCsv([{ A: 1, B: 'x,y' }, { A: 2 }], ['A', 'B'])).toBe('\uFEFFA,B\r\n1,"x,y"\r\n2,\r\n');
  });
});
