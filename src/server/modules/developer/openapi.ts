// The OpenAPI 3.1 document of the server's routes, generated from their own declarations: a route
// declares its input in `schema` (params, querystring, body: the zod schemas its input is parsed
// with, routing/input.ts), its group, summary and answer in `config.api`, and the least API-token
// scope that may call it in `config.tokens`. app.ts records each route from the onRoute hook and
// this module turns the records into the document with zod 4's `z.toJSONSchema`. What the
// document shows is what the route parses, and per operation which tokens may call it, read from
// the declaration access/enforce.ts enforces: `x-api-tokens` (any token at all), `x-token-scope`
// (the least scope), `x-api-token-scopes` (every scope that may) and the bearer security
// requirement naming that scope.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../../shared/api/errors';
import { SCOPE_LABELS, TOKEN_PREFIX, TOKEN_SCOPES, TOKENS_NEVER, type TokenScope } from '../../../shared/api/developer';
import { ACCESS_RULES, type AccessRuleName, type SignIn } from '../../access/rules';

/** The groups of the reference, in its order: the scripting API's first, then the web app's own. */
export const API_TAGS = [
  'Apps',
  'Pages',
  'Blocks',
  'Spreadsheets',
  'Sheets and rows',
  'Workspace',
  'Sign-in and account',
  'App users',
  'Uploads',
  'Google Sheets',
  'Marketplace and templates',
  'Billing',
  'Developer',
  'Blog',
  'Blog admin',
  'Admin',
  'Site',
] as const;
export type ApiTag = (typeof API_TAGS)[number];

const TAG_DESCRIPTIONS: Record<ApiTag, string> = {
  Apps: 'Boards and multipage apps of your workspace.',
  Pages: 'The pages of an app.',
  Blocks: 'The blocks of a page, the catalogue of block kinds, and what visitors do with blocks (comments, action buttons).',
  Spreadsheets: 'Imported spreadsheets, their columns, export and re-import.',
  'Sheets and rows': 'Reading a sheet (search, sort, filters, paging) and writing its rows.',
  Workspace: "Your workspaces, their plan and their editors.",
  'Sign-in and account': 'Owner accounts: signing up and in, passwords, e-mail confirmation, the account itself.',
  'App users': "The people who sign in to an app, and the app's own sign-in.",
  Uploads: 'Files uploaded into apps and rows.',
  'Google Sheets': 'Connecting Google accounts and keeping connected spreadsheets in step.',
  'Marketplace and templates': 'Submitting apps as templates, reviewing them, and previewing, buying and cloning them.',
  Billing: 'Plans, subscriptions and payouts.',
  Developer: 'Personal API tokens and this reference.',
  Blog: 'The public blog: posts, categories and feeds.',
  'Blog admin': "The blog's own administration: its accounts, posts, categories and media.",
  Admin: "The provider's internal administration.",
  Site: 'What the web app reads about the server itself.',
};

/** One route's entry in the reference (`config.api`); its input schemas are the route's `schema`. */
export interface ApiDoc {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** A multipart form (file uploads): its fields, the file as a `format: binary` string. */
  form?: z.ZodObject;
  /** The answer's JSON body (none: `status` 204, or `produces`). */
  response?: z.ZodType;
  /** The success status (default 200). */
  status?: 200 | 201 | 202 | 204 | 303;
  /** The operation's id when the one made from its path is another route's (`/api/board-workspace` and `/api/board/workspace`). */
  operationId?: string;
  /** A non-JSON answer (file downloads): its media types. */
  produces?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the OpenAPI document (every /api route has one). */
    api?: ApiDoc;
  }
}

/** The zod schemas a route parses its input with (its Fastify `schema`). */
export interface ApiInput {
  /** The path parameters (every `:name` of the path must be among them). */
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
}

export interface ApiOperation {
  method: string;
  /** Fastify's form (`/api/apps/:id`). */
  url: string;
  access: AccessRuleName;
  doc: ApiDoc;
  input: ApiInput;
  /** The least API-token scope that may call it (`config.tokens`); null: a session only. */
  tokens: TokenScope | null;
}

/** The token scopes that may call an operation declaring `tokens` (a read-write token does whatever a read token may). */
export function scopesAllowed(tokens: TokenScope | null): TokenScope[] {
  return tokens ? TOKEN_SCOPES.slice(TOKEN_SCOPES.indexOf(tokens)) : [];
}

type JsonSchema = Record<string, unknown>;

/** `/api/apps/:id` → `/api/apps/{id}`; the names of its parameters. */
export function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    names.push(name);
    return `{${name}}`;
  });
  return { path, names };
}

/** The document's security scheme of each sign-in a rule reads (access/rules.ts `signIns`). */
const SIGN_IN_SCHEMES: Record<SignIn, string> = { owner: 'sessionCookie', 'app-user': 'appUserCookie', admin: 'adminCookie', 'blog-admin': 'blogCookie' };

/**
 * Builds JSON Schemas into `components.schemas`: a schema zod emits with `$defs` (recursive
 * types) has them moved into the components and its references pointed there.
 */
class SchemaSink {
  readonly components: Record<string, JsonSchema> = { Error: this.convert(ErrorResponse, 'output') };
  private defs = 0;

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete out.$schema;
    const defs = out.$defs as Record<string, JsonSchema> | undefined;
    if (!defs) return out;
    delete out.$defs;
    const renamed = new Map<string, string>();
    for (const key of Object.keys(defs)) renamed.set(key, `Def${++this.defs}`);
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      const obj: JsonSchema = {};
      for (const [k, v] of Object.entries(value)) {
        const ref = k === '$ref' && typeof v === 'string' ? /^#\/\$defs\/(.+)$/.exec(v) : null;
        obj[k] = ref ? `#/components/schemas/${renamed.get(ref[1]!) ?? ref[1]}` : rewrite(v);
      }
      return obj;
    };
    for (const [key, def] of Object.entries(defs)) this.components[renamed.get(key)!] = rewrite(def) as JsonSchema;
    return rewrite(out) as JsonSchema;
  }
}

function parametersOf(sink: SchemaSink, op: ApiOperation, names: string[]): JsonSchema[] {
  const params: JsonSchema[] = [];
  const path = op.input.params ? sink.convert(op.input.params, 'input') : { properties: {} };
  const pathProps = (path.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of names) {
    const schema = pathProps[name] ?? { type: 'string' };
    params.push({ name, in: 'path', required: true, schema, ...(schema.description ? { description: schema.description } : {}) });
  }
  if (op.input.querystring) {
    const query = sink.convert(op.input.querystring, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>))
      params.push({ name, in: 'query', required: required.has(name), schema, ...(schema.description ? { description: schema.description } : {}) });
  }
  return params;
}

/** What a success status means, in the reference. */
const SUCCESS: Record<string, string> = { '201': 'Created', '202': 'Accepted: the work goes on after the answer', '204': 'Done (no content)', '303': 'Redirected: the Location header says where' };

function operationOf(sink: SchemaSink, op: ApiOperation, names: string[]): JsonSchema {
  const { doc } = op;
  const method = op.method.toUpperCase();
  const status = String(doc.status ?? (doc.response || doc.produces ? 200 : 204));
  const success: JsonSchema = { description: SUCCESS[status] ?? 'OK' };
  if (doc.response) success.content = { 'application/json': { schema: sink.convert(doc.response, 'output') } };
  else if (doc.produces) success.content = Object.fromEntries(doc.produces.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));
  const content: JsonSchema = {};
  if (op.input.body) content['application/json'] = { schema: sink.convert(op.input.body, 'input') };
  if (doc.form) content['multipart/form-data'] = { schema: sink.convert(doc.form, 'input') };
  const rule = ACCESS_RULES[op.access];
  // OpenAPI 3.1 lets a requirement of any scheme name roles: the bearer token's is its least scope.
  const security: JsonSchema[] = [...(op.tokens ? [{ bearerToken: [op.tokens] }] : []), ...rule.signIns.map((s) => ({ [SIGN_IN_SCHEMES[s]]: [] }))];
  if (rule.anonymous) security.push({});
  return {
    operationId: doc.operationId ?? `${method.toLowerCase()}${openApiPath(op.url)
      .path.replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')}`,
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, `Who may call it: ${ACCESS_RULES[op.access].description}.`].filter(Boolean).join('\n\n'),
    'x-api-tokens': op.tokens !== null,
    ...(op.tokens ? { 'x-token-scope': op.tokens } : {}),
    'x-api-token-scopes': scopesAllowed(op.tokens),
    security,
    parameters: parametersOf(sink, op, names),
    ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
    responses: {
      [status]: success,
      '4XX': { description: 'Refused: the message says why (400 invalid input, 401 not signed in or a bad token, 403 not allowed, 404 not found, 409 conflict, 429 too many requests).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    },
  };
}

/** The OpenAPI 3.1 document of the recorded operations. */
export function openApiDocument(operations: readonly ApiOperation[], server: string): JsonSchema {
  const sink = new SchemaSink();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const sorted = [...operations].sort((a, b) => API_TAGS.indexOf(a.doc.tag) - API_TAGS.indexOf(b.doc.tag) || a.url.localeCompare(b.url));
  for (const op of sorted) {
    const { path, names } = openApiPath(op.url);
    (paths[path] ??= {})[op.method.toLowerCase()] = operationOf(sink, op, names);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sheetboard REST API',
      version: '1',
      description: [
        'The API the Sheetboard web app uses, for scripts acting as your account.',
        `Authenticate with a personal API token from Dashboard → Developer: \`Authorization: Bearer ${TOKEN_PREFIX}…\`.`,
        `Scopes: "read" — ${SCOPE_LABELS.read.allows} "read-write" — ${SCOPE_LABELS['read-write'].allows}`,
        `A token works on the operations marked \`x-api-tokens: true\` only, with a scope among their \`x-api-token-scopes\` (\`x-token-scope\` names the least one). ${TOKENS_NEVER} The other operations are the web app's own and take its sign-in session.`,
      ].join('\n\n'),
    },
    servers: [{ url: server }],
    tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: sink.components,
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (Dashboard → Developer).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sb_session', description: "The web app's sign-in session." },
        appUserCookie: { type: 'apiKey', in: 'cookie', name: 'sb_app_{appId}', description: "An app user's sign-in to one app (the cookie's name ends with the app's id)." },
        adminCookie: { type: 'apiKey', in: 'cookie', name: 'sb_admin', description: "A provider admin's sign-in." },
        blogCookie: { type: 'apiKey', in: 'cookie', name: 'sb_blog', description: "A blog admin's sign-in." },
      },
    },
  };
}

/** Records the `config.api` of every route as it is added (app.ts onRoute); builds the document once. */
export class ApiRegistry {
  private readonly ops: ApiOperation[] = [];
  private doc: JsonSchema | null = null;

  record(method: string, url: string, access: AccessRuleName, doc: ApiDoc, input: ApiInput, tokens: TokenScope | null) {
    // HEAD routes Fastify adds beside GETs are the GET's.
    if (method === 'HEAD') return;
    const { names } = openApiPath(url);
    const declared = input.params ? Object.keys(input.params.shape) : [];
    const missing = names.filter((n) => !declared.includes(n));
    if (missing.length) throw new Error(`Route ${method} ${url} declares no schema for its path parameter(s) ${missing.join(', ')} (schema.params)`);
    this.ops.push({ method, url, access, doc, input, tokens });
    this.doc = null;
  }

  get operations(): readonly ApiOperation[] {
    return this.ops;
  }

  document(server: string): JsonSchema {
    return (this.doc ??= openApiDocument(this.ops, server));
  }
}

const registries = new WeakMap<FastifyInstance, ApiRegistry>();

/** Ties a registry to its server (app.ts), for tests that check the document against the routes. */
export function attachApiRegistry(app: FastifyInstance, registry: ApiRegistry) {
  registries.set(app, registry);
}

/** The documented operations of a server built by app.ts. */
export function apiOperations(app: FastifyInstance): readonly ApiOperation[] {
  const registry = registries.get(app);
  if (!registry) throw new Error('This server has no API registry (built outside app.ts?)');
  return registry.operations;
}
