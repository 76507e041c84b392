import { describe, expect, it } from 'vitest';
import { appNameFromHost, pageSlugOf, pageSlugProblem, slugify, subdomainOf, subdomainProblem, uniqueSlug } from './slug';

describe('slugify (shell §5 name-to-slug rule)', () => {
  it.each([
    ['About Us', 'about-us'],
    ['Q3 Sales & Ops!', 'q3-sales-ops'],
    ['  two  spaces ', '-two-spaces-'],
    ['a - b', 'a-b'],
    ['Ünïcode Café', 'ncode-caf'],
    ['already-a-slug', 'already-a-slug'],
    ['UPPER_case', 'uppercase'],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('pageSlugOf', () => {
  it.each([
    ['About Us', 'about-us'],
    ['  two  spaces ', 'two-spaces'],
    ['!!!', 'page'],
    ['-edge-', 'edge'],
    ['x'.repeat(120), 'x'.repeat(100)],
  ])('%j → %j', (name, slug) => {
    expect(pageSlugOf(name)).toBe(slug);
  });
});

describe('uniqueSlug (page slugs are unique per app)', () => {
  it.each<[string, string[], string]>([
    ['about', [], 'about'],
    ['about', ['home', 'contact'], 'about'],
    ['about', ['about'], 'about-2'],
    ['about', ['about', 'about-2', 'about-3'], 'about-4'],
    ['about', ['about', 'about-3'], 'about-2'],
    ['x'.repeat(100), ['x'.repeat(100)], `${'x'.repeat(98)}-2`],
  ])('%j with %j taken → %j', (base, taken, slug) => {
    expect(uniqueSlug(base, taken)).toBe(slug);
  });
});

describe('pageSlugProblem', () => {
  it.each<[string, string | null]>([
    ['about-us', null],
    ['a1', null],
    ['About', 'Page slug may use lowercase letters, digits and hyphens'],
    ['not a slug', 'Page slug may use lowercase letters, digits and hyphens'],
    ['-edge', 'Page slug may use lowercase letters, digits and hyphens'],
    ['a--b', 'Page slug may use lowercase letters, digits and hyphens'],
    ['', 'Page slug may use lowercase letters, digits and hyphens'],
    ['a'.repeat(101), 'Page slug may have at most 100 characters'],
  ])('%j → %j', (slug, problem) => {
    expect(pageSlugProblem(slug)).toBe(problem);
  });
});

describe('subdomains', () => {
  it.each([
    ['My Shop', 'my-shop'],
    ['-Edge-', 'edge'],
    ['x'.repeat(70), 'x'.repeat(63)],
  ])('subdomainOf(%j) = %j', (name, sub) => {
    expect(subdomainOf(name)).toBe(sub);
  });

  it.each<[string, string | null]>([
    ['shop', null],
    ['123', 'Subdomain cannot be only digits'],
    ['www', "The subdomain 'www' is reserved"],
    ['-a', 'Subdomain may use lowercase letters, digits and hyphens (not at the ends), 63 at most'],
  ])('subdomainProblem(%j) = %j', (sub, problem) => {
    expect(subdomainProblem(sub)).toBe(problem);
  });
});

describe('appNameFromHost (shell §5)', () => {
  it.each([
    ['shop.localhost:3000', 'shop'],
    ['shop.example.com', 'shop'],
    ['www.example.com', ''],
    ['127.0.0.1:3000', ''],
    ['42.example.com', ''],
    ['localhost:3000', 'localhost'],
  ])('%j → %j', (host, name) => {
    expect(appNameFromHost(host)).toBe(name);
  });
});
