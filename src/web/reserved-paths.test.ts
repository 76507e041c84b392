// A board is also served at `/{subdomain}` of the base host, so no subdomain may be one of the web
// app's own top-level pages (/admin-login, /marketplace, ...): the page would hide the board, or
// the board the page. Every top-level path of router.tsx that has the form of a subdomain must be
// reserved (routes match without regard to case).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESERVED_SUBDOMAINS, subdomainProblem } from '../shared/rules/slug';

const source = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');

/**
 * The first segment of every route path of the router, leaving out
 * the dashboard's children (their paths are under /dashboard/).
 */
function topLevelPaths(): string[] {
  const start = source.indexOf("path: 'dashboard',");
  const end = source.indexOf('],', source.indexOf('children: [', start));
  expect(start > 0 && end > start).toBe(true);
  const outside = source.slice(0, start) + source.slice(end);
  const paths = [...outside.matchAll(/path: '([^':*][^']*)'/g), ...outside.matchAll(/^\s+'([a-zA-Z_-][^']*)',$/gm)].map((m) => m[1]!.split('/')[0]!.toLowerCase());
  return [...new Set(paths)].filter((p) => p !== '');
}

describe('the web app’s own pages are reserved subdomains', () => {
  const paths = topLevelPaths();

  it('reads the router’s paths', () => {
    expect(paths).toEqual(expect.arrayContaining(['dashboard', 'admin-login', 'marketplace', 'templates', 'blog-admin', 'boardworkspace']));
  });

  it.each(paths.map((p) => [p]))('/%s', (path) => {
    // Paths no subdomain can take (an underscore) need nothing.
    if (/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(path) && !/^\d+$/.test(path)) {
      expect(RESERVED_SUBDOMAINS).toContain(path);
      expect(subdomainProblem(path)).toBe(`The subdomain '${path}' is reserved`);
    } else expect(subdomainProblem(path)).not.toBeNull();
  });
});
