/* eslint-disable @typescript-eslint/no-explicit-any -- the test walks a JSON document by shape; a wrong guess fails an expectation */
// The OpenAPI document (issue 18), generated from the routes' `config.api`: valid OpenAPI 3.1
// shape, every documented operation is a route of the server and every route of the covered
// modules is documented (or named below as the web app's own), and what the document promises
// is what the routes answer (real calls with a token, answers parsed with the declared schemas).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { boardWithSheets, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { API_TAGS, apiOperations, openApiPath, type ApiOperation } from './openapi';

const t = testServer();
let owner: TestUser;
let doc: Record<string, any>;
/** Every route of the server as `METHOD /url` (Fastify's form), from the list app.ts keeps. */
let serverRoutes: string[] = [];

beforeAll(async () => {
  const built = await buildApp(t.config, { logger: false, migrate: false });
  // Routes in plugin scopes (app.register) are added when the server gets ready.
  await built.app.ready();
  serverRoutes = built.routes.filter((r) => r.method !== 'HEAD' && r.access !== null).map((r) => opKey(r.method, r.url));
  await built.app.close();
  owner = await signUp(t.app, 'Ada Scripts');
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});

/**
 * Routes the web app uses that API tokens may not call (`config.tokens` absent), and why: every
 * route is in the document, these with `x-api-tokens: false`.
 */
const SESSION_ONLY: Record<string, string> = {
  'GET /api/apps/:id/custom-domain': 'the Publish dialog: DNS proof of a custom domain',
  'POST /api/apps/:id/custom-domain/verify': 'the Publish dialog: runs DNS queries, rate-limited per account',
  'POST /api/board/update-metadata': "the viewer's board state (filters, frame, what the visitor may see)",
  'GET /api/board/:spreadsheetId/sheet/:sheetTitle/chart': 'chart block rendering (points per pixel of a canvas)',
  'POST /api/workspace/join': 'following an invitation link binds the account signed in: a session only',
  'POST /api/developer/tokens': 'a token never makes another token',
  'POST /api/auth/login': 'signing in makes a session',
  // Membership and workspaces (the penetration test's "Hardening II"): a leaked token must not
  // become access that outlives revoking it.
  'GET /api/board/workspace': "the workspace's plan: billing is the session's",
  'GET /api/workspace/editors': "the workspace's members",
  'POST /api/workspace/editors': 'an invited editor stays a member after the token is revoked',
  'DELETE /api/workspace/editors/:id': "the workspace's members",
  'GET /api/workspaces': 'workspaces are the account\'s',
  'POST /api/workspaces': 'a new workspace is the account\'s',
  'PUT /api/workspaces/current': 'switching changes where the web app works',
  'PATCH /api/workspaces/:id': 'workspaces are the account\'s',
  'DELETE /api/workspaces/:id': 'deletes a workspace with all its data',
};

const opKey = (method: string, url: string) => `${method} ${url}`;

describe('the document', () => {
  it('has the OpenAPI 3.1 shape', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Sheetboard REST API', version: '1' });
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual([...API_TAGS]);
    expect(doc.components.securitySchemes.bearerToken).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      // /api and the spec's /v3 calls, and the health probes (modules/health), which load
      // balancers expect at the top: the one declared exception.
      expect(path).toMatch(/^\/(api|v3)\/|^\/(healthz|readyz)$/);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'put', 'post', 'delete', 'patch']).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(op.summary).toEqual(expect.any(String));
        expect(API_TAGS).toContain(op.tags[0]);
        expect(typeof op['x-api-tokens']).toBe('boolean');
        // A change is never open to read tokens; a read may be.
        if (op['x-api-tokens']) expect(method === 'get' ? ['read', 'read-write'] : ['read-write']).toContain(op['x-token-scope']);
        else expect(op['x-token-scope']).toBeUndefined();
        // Every scope that may call it: a read-write token does whatever a read token may.
        expect(op['x-api-token-scopes']).toEqual(!op['x-api-tokens'] ? [] : op['x-token-scope'] === 'read' ? ['read', 'read-write'] : ['read-write']);
        // The bearer requirement names the least scope, as OpenAPI 3.1 lets any scheme name roles.
        const bearer = op.security.filter((r: Record<string, string[]>) => 'bearerToken' in r);
        expect(bearer).toEqual(op['x-api-tokens'] ? [{ bearerToken: [op['x-token-scope']] }] : []);
        // Every templated segment is a required path parameter, and no other path parameter.
        const pathParams = op.parameters.filter((p: { in: string }) => p.in === 'path');
        expect(pathParams.map((p: { name: string }) => p.name)).toEqual(templated);
        for (const p of op.parameters) {
          expect(['path', 'query']).toContain(p.in);
          expect(typeof p.schema).toBe('object');
          if (p.in === 'path') expect(p.required).toBe(true);
        }
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          expect(status).toMatch(/^([1-5]\d\d|[1-5]XX)$/);
          expect(response.description).toEqual(expect.any(String));
        }
        if (op.requestBody) expect(Object.keys(op.requestBody.content).every((type) => ['application/json', 'multipart/form-data'].includes(type))).toBe(true);
      }
    }
    expect(ids.size).toBeGreaterThan(30);
  });

  it('every $ref points into the document, and no schema keeps a $schema or $defs of its own', () => {
    const refs: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref') refs.push(String(x));
        expect(k === '$schema' || k === '$defs', k).toBe(false);
        walk(x);
      }
    };
    walk(doc.paths);
    walk(doc.components.schemas);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref.replace(/^#\//, '').split('/').reduce<any>((node, key) => node?.[key], doc);
      expect(target, ref).toBeTruthy();
    }
  });

  it('describes bodies and answers from the zod schemas (fields, requirements, limits)', () => {
    const create = doc.paths['/api/apps'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name']);
    expect(body.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    expect(body.properties.kind.enum).toEqual(['board', 'multipage']);
    expect(create.responses['201'].content['application/json'].schema.properties.app.properties.id).toEqual({ type: 'string' });
    const read = doc.paths['/api/board/{spreadsheetId}/sheet/{sheetTitle}'].get;
    expect(read.parameters.find((p: { name: string }) => p.name === 'dir').schema.enum).toEqual(['asc', 'desc']);
    const upload = doc.paths['/api/spreadsheets'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/apps/{id}'].delete.responses['204']).toBeDefined();
  });
});

describe('the document and the server', () => {
  it('every documented operation is a route of the server, and every /api and /v3 route is documented', () => {
    const routes = new Set(serverRoutes);
    const documented = apiOperations(t.app).map((op) => opKey(op.method, op.url));
    expect(documented.filter((key) => !routes.has(key))).toEqual([]);
    const inDoc = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(inDoc.sort()).toEqual(documented.map((key) => { const [m, u] = key.split(' '); return `${m} ${openApiPath(u!).path}`; }).sort());
    expect([...routes].filter((key) => !documented.includes(key))).toEqual([]);
    expect(documented.length).toBeGreaterThan(150);
  });

  it('marks exactly the routes API tokens may call, and the web app\'s own as session-only', () => {
    const ops = apiOperations(t.app);
    for (const [key, why] of Object.entries(SESSION_ONLY)) {
      const op = ops.find((o) => opKey(o.method, o.url) === key);
      expect(op, `${key} (${why})`).toBeDefined();
      expect(op!.tokens, key).toBeNull();
      const [method, url] = key.split(' ');
      expect(doc.paths[openApiPath(url!).path][method!.toLowerCase()]['x-api-tokens'], key).toBe(false);
    }
    const tokenOps = ops.filter((o) => o.tokens);
    expect(tokenOps.length).toBeGreaterThan(30);
    for (const op of tokenOps) {
      const documented = doc.paths[openApiPath(op.url).path][op.method.toLowerCase()];
      expect(documented['x-api-tokens']).toBe(true);
      expect(documented['x-token-scope']).toBe(op.tokens);
    }
    // The scripting API's groups hold the token routes; sign-in, the account, its workspaces and
    // editors, billing and the tokens themselves hold none.
    for (const tag of ['Sign-in and account', 'Workspace', 'Billing', 'Developer', 'Admin', 'Blog admin']) expect(tokenOps.filter((o) => o.doc.tag === tag).map((o) => o.url), tag).toEqual([]);
  });

  it('what a script gets is what the document says: real calls with a token, answers parsed with the declared schemas', async () => {
    const create = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: { cookie: owner.cookie }, payload: { name: 'Checker', scope: 'read-write' } });
    const headers = { authorization: `Bearer ${create.json().secret}` };
    const { spreadsheetId, appId, pageId } = await boardWithSheets(t.app, owner, 'Checked', [{ title: 'People', columns: ['Name', 'Age'], rows: [{ Name: 'Ada', Age: 36 }] }]);
    const ops = apiOperations(t.app);
    const op = (method: string, url: string): ApiOperation => {
      const found = ops.find((o) => o.method === method && o.url === url);
      if (!found) throw new Error(`${method} ${url} is not documented`);
      return found;
    };
    const checked: string[] = [];
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, concrete: string, payload?: object) => {
      const { doc: d, input } = op(method, url);
      if (payload && input.body) expect(input.body.safeParse(payload).success, `${url} body`).toBe(true);
      const res = await t.app.inject({ method, url: concrete, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${concrete}: ${res.body}`).toBe(d.status ?? (d.response ? 200 : 204));
      if (d.response) {
        const parsed = d.response.safeParse(res.json());
        expect(parsed.success, `${method} ${url} answer: ${parsed.error?.message}`).toBe(true);
      }
      checked.push(`${method} ${url}`);
      return res;
    };
    await call('GET', '/api/apps', '/api/apps');
    await call('GET', '/api/apps/:id', `/api/apps/${appId}`);
    await call('PUT', '/api/apps/:id', `/api/apps/${appId}`, { name: 'Checked again' });
    const multi = await call('POST', '/api/apps', '/api/apps', { name: 'Multi', kind: 'multipage', spreadsheetId });
    const multiId = multi.json().app.id as string;
    await call('GET', '/api/pages/:appId', `/api/pages/${appId}`);
    const page = await call('POST', '/api/pages', '/api/pages', { appId: multiId, page_name: 'Second' });
    const secondId = page.json().page.page_id as string;
    await call('PUT', '/api/pages/:id', `/api/pages/${secondId}`, { page_name: 'Second page' });
    await call('GET', '/api/blocks', '/api/blocks');
    const block = await call('POST', '/api/blocks', '/api/blocks', { pageId, type: 'table', sheet_title: 'People' });
    const blockId = block.json().block.id as string;
    await call('GET', '/api/blocks/:id', `/api/blocks/${blockId}`);
    await call('PUT', '/api/blocks/:id', `/api/blocks/${blockId}`, { title: 'Everyone' });
    await call('GET', '/api/spreadsheets', '/api/spreadsheets');
    await call('GET', '/api/spreadsheets/:id', `/api/spreadsheets/${spreadsheetId}`);
    await call('GET', '/api/board/:spreadsheetId/sheet/:sheetTitle', `/api/board/${spreadsheetId}/sheet/People?sort=Name`);
    const row = await call('POST', '/api/board/:spreadsheetId/sheet/:sheetTitle/rows', `/api/board/${spreadsheetId}/sheet/People/rows`, { values: { Name: 'Grace', Age: 45 } });
    const rowId = row.json().row._id as string;
    await call('GET', '/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', `/api/board/${spreadsheetId}/sheet/People/rows/${rowId}`);
    await call('PUT', '/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', `/api/board/${spreadsheetId}/sheet/People/rows/${rowId}`, { values: { Age: 46 }, _version: 1 });
    await call('DELETE', '/api/board/:spreadsheetId/sheet/:sheetTitle/rows/:rowId', `/api/board/${spreadsheetId}/sheet/People/rows/${rowId}`);
    // The workspace is not a token's, as the document says.
    for (const url of ['/api/board/workspace', '/api/workspace/editors']) {
      expect(op('GET', url).tokens).toBeNull();
      const refused = await t.app.inject({ method: 'GET', url, headers });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('token_not_allowed');
    }
    await call('DELETE', '/api/blocks/:id', `/api/blocks/${blockId}`);
    await call('DELETE', '/api/pages/:id', `/api/pages/${secondId}`);
    await call('DELETE', '/api/apps/:id', `/api/apps/${appId}`);
    await call('DELETE', '/api/apps/:id', `/api/apps/${multiId}`);
    expect(checked.length).toBe(22);
  });
});
