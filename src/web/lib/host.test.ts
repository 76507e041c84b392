import { describe, expect, it } from 'vitest';
import { appOriginTarget, appSubdomain, boardUrl, dataEditorUrl } from './host';

describe('appSubdomain', () => {
  it.each([
    ['http://localhost:3000', 'localhost:3000', null],
    ['http://localhost:3000', 'sales.localhost:3000', 'sales'],
    ['http://localhost:3000', 'a.b.localhost:3000', 'b'],
    ['https://sheetboard.app', 'shop.sheetboard.app', 'shop'],
    // Custom hosts (a Publish URL): the first label, or the whole name where that is www or a number.
    ['https://sheetboard.app', 'shop.example.com', 'shop'],
    ['https://sheetboard.app', 'www.example.com', 'www.example.com'],
    ['https://sheetboard.app', 'WWW.Example.com:8443', 'www.example.com'],
    ['https://sheetboard.app', '2024.example.com', '2024.example.com'],
    // The base site reached by address or a one-label name.
    ['https://sheetboard.app', '127.0.0.1:3000', null],
    ['https://sheetboard.app', '[::1]:3000', null],
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

describe('dataEditorUrl', () => {
  it('opens the data editor on the base host', () => {
    expect(dataEditorUrl('http://localhost:3000', 'abc 1')).toBe('http://localhost:3000/dashboard/data/abc%201');
    expect(dataEditorUrl(undefined, 'abc')).toBe('/dashboard/data/abc');
  });
});

describe('appOriginTarget', () => {
  it.each([
    ['http://shop.localhost:3000', undefined, '', 'http://shop.localhost:3000/'],
    ['http://shop.localhost:3000', 'menu', '?q=tea', 'http://shop.localhost:3000/menu?q=tea'],
    ['https://shop.example.com', 'a b', '', 'https://shop.example.com/a%20b'],
  ])('%s + %s + %s → %s', (origin, page, search, target) => expect(appOriginTarget(origin, page, search)).toBe(target));

  it.each(['javascript:alert(1)', 'not a url', 'data:text/html,x'])('%s is no origin', (origin) => expect(appOriginTarget(origin, undefined, '')).toBeNull());
});
