// Route handlers take their input parsed: a route declares its params, query and body in its
// `schema`, Fastify's validation step parses them once (src/server/routing/input.ts), and the
// handler reads request.params / query / body. A parse() in a route file is input parsed twice,
// or not declared where the OpenAPI document and the strict check can see it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { files, rel } from './import-graph';

const ROUTE_FILE = /^src\/server\/modules\/[^/]+\/([a-z-]+-)?routes\.ts$/;
const routeFiles = files.filter((f) => ROUTE_FILE.test(rel(f)));

/** `parse(` calls that are not JSON.parse, safeParse or a method of something else. */
export function parseCalls(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(^|[^.\w])parse\s*\(/g)].map((m) => m[0].trim());
}

describe('route files', () => {
  it('are found', () => {
    expect(routeFiles.length).toBeGreaterThan(25);
  });

  it.each([
    ['const b = parse(Body, request.body);', 1],
    ['const b = JSON.parse(text); const c = Body.safeParse(x);', 0],
    ['// parse(Body, request.body) in a comment', 0],
    ['return { x: parse(A, q), y: parse(B, p) };', 2],
  ])('finds the parse calls of %j', (source, count) => {
    expect(parseCalls(source)).toHaveLength(count);
  });

  it('call no parse(): their input is declared in the route schema and parsed before the handler', () => {
    const offenders = routeFiles.flatMap((f) => parseCalls(readFileSync(f, 'utf8')).map(() => rel(f)));
    expect(offenders).toEqual([]);
  });

  it('take the typed server (ApiServer), so handlers read parsed input', () => {
    const untyped = routeFiles.filter((f) => /\(app: FastifyInstance\b/.test(readFileSync(f, 'utf8'))).map(rel);
    expect(untyped).toEqual([]);
  });
});
