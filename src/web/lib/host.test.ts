import { describe, expect, it } from 'vitest';
import { appSubdomain, boardUrl } from './host';

describe('appSubdomain', () => {
  it.each([
    ['http://localhost:3000', 'localhost:3000', null],
    ['http://localhost:3000', 'sales.localhost:3000', 'sales'],
    ['http://localhost:3000', 'a.b.localhost:3000', 'b'],
    ['https://sheetboard.app', 'shop.sheetboard.app', 'shop'],
    ['https://sheetboard.app', 'www.example.com', null],
    ['https://sheetboard.app', '127.0.0.1:3000', null],
    ['https://sheetboard.app', 'localhost:5173', null],
  ])('base %s, host %s → %s', (base, host, expected) => {
    expect(appSubdomain(base, host)).toBe(expected);
  });
});

describe('boardUrl', () => {
  it('puts the subdomain in front of the base host', () => {
    expect(boardUrl('http://localhost:3000', 'sales')).toBe('http://sales.localhost:3000/');
  });
});
