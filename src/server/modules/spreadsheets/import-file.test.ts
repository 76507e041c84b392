import { describe, expect, it } from 'vitest';
import { csvValue, detectFormat, headerNames, titleFromName } from './import-file';

describe('csvValue: plain decimals become numbers, everything else stays text', () => {
  it.each([
    ['12', 12],
    ['-3.5', -3.5],
    ['0', 0],
    ['0.25', 0.25],
    ['', ''],
    ['007', '007'],
    ['1e5', '1e5'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['1,234', '1,234'],
    ['1234567890123456789', '1234567890123456789'],
    ['2025-03-14', '2025-03-14'],
    ['true', 'true'],
    [' 42 ', 42],
    ['.5', '.5'],
  ])('%j → %j', (text, value) => {
    expect(csvValue(text)).toEqual(value);
  });
});

describe('headerNames', () => {
  it.each([
    [['a', 'b'], ['a', 'b']],
    [['', 'b', null], ['Column 1', 'b', 'Column 3']],
    [['Name', 'name', 'NAME'], ['Name', 'name 2', 'NAME 3']],
    [[' padded '], ['padded']],
    [['x', 'x 2', 'x'], ['x', 'x 2', 'x 3']],
  ])('%j → %j', (raw, names) => {
    expect(headerNames(raw)).toEqual(names);
  });
});

describe('detectFormat', () => {
  it.each([
    [Buffer.from('PK\u0003\u0004rest', 'latin1'), 'anything.csv', 'xlsx'],
    [Buffer.from('a,b\n1,2'), 'data.csv', 'csv'],
    [Buffer.from('a,b\n1,2'), 'data.txt', 'csv'],
    [Buffer.from('a,b\n1,2'), 'noextension', 'csv'],
  ])('%#: %s → %s', (buf, name, format) => {
    expect(detectFormat(buf, name)).toBe(format);
  });

  it.each([
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), 'old.xls'],
    [Buffer.from([0x00, 0x01, 0x02]), 'binary.csv'],
    [Buffer.from('a,b'), 'sheet.xlsx'],
    [Buffer.from('{"a":1}'), 'data.json'],
  ])('%#: refuses %s', (buf, name) => {
    expect(() => detectFormat(buf, name)).toThrow('Only CSV and XLSX files can be imported');
  });
});

describe('titleFromName', () => {
  it.each([
    ['Sales 2025.xlsx', 'Sales 2025'],
    ['C:\\Users\\me\\orders.csv', 'orders'],
    ['/tmp/a.b.csv', 'a.b'],
    ['.csv', 'Sheet1'],
  ])('%s → %s', (name, title) => {
    expect(titleFromName(name)).toBe(title);
  });
});
