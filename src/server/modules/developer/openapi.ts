// The OpenAPI 3.1 document of the REST API, generated from the routes' own declarations: a route
// that belongs to the public API declares `config.api` (its group, a summary and the zod schemas
// its handler parses: params, query, body, response), app.ts records it from the onRoute hook,
// and this module turns the records into the document with zod 4's `z.toJSONSchema`. The same
// declaration is what lets API tokens call the route (access/enforce.ts), so what the reference
// shows and what a token may call cannot differ.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../../shared/api/errors';
import { SCOPE_LABELS, TOKEN_PREFIX } from '../../../shared/api/developer';
import { ACCESS_RULES, type AccessRuleName } from '../access/rules';

/** The groups of the reference, in its order. */
export const API_TAGS = ['Apps', 'Pages', 'Blocks', 'Spreadsheets', 'Sheets and rows', 'Workspace'] as const;
export type ApiTag = (typeof API_TAGS)[number];

const TAG_DESCRIPTIONS: Record<ApiTag, string> = {
  Apps: 'Boards and multipage apps of your workspace.',
  Pages: 'The pages of an app.',
  Blocks: 'The blocks of a page, and the catalogue of block kinds.',
  Spreadsheets: 'Imported spreadsheets, their columns, export and re-import.',
  'Sheets and rows': 'Reading a sheet (search, sort, filters, paging) and writing its rows.',
  Workspace: "Your workspace's plan and its editors.",
};

/** One route's entry in the reference (`config.api`). */
export interface ApiDoc {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** The path parameters the handler parses (every `:name` of the path must be among them). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart form (file uploads): its fields, the file as a `format: binary` string. */
  form?: z.ZodObject;
  /** The answer's JSON body (none: `status` 204, or `produces`). */
  response?: z.ZodType;
  /** The success status (default 200). */
  status?: 200 | 201 | 204;
  /** A non-JSON answer (file downloads): its media types. */
  produces?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route is part of the public REST API: documented, and callable with API tokens. */
    api?: ApiDoc;
  }
}

export interface ApiOperation {
  method: string;
  /** Fastify's form (`/api/apps/:id`). */
  url: string;
  access: AccessRuleName;
  doc: ApiDoc;
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

/** Rules a caller without any credentials may pass (on a public app, a public catalogue). */
const ANONYMOUS_RULES = new Set<AccessRuleName>(['public', 'app-viewer', 'app-visitor']);

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
  const path = op.doc.params ? sink.convert(op.doc.params, 'input') : { properties: {} };
  const pathProps = (path.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of names) {
    const schema = pathProps[name] ?? { type: 'string' };
    params.push({ name, in: 'path', required: true, schema, ...(schema.description ? { description: schema.description } : {}) });
  }
  if (op.doc.query) {
    const query = sink.convert(op.doc.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>))
      params.push({ name, in: 'query', required: required.has(name), schema, ...(schema.description ? { description: schema.description } : {}) });
  }
  return params;
}

function operationOf(sink: SchemaSink, op: ApiOperation, names: string[]): JsonSchema {
  const { doc } = op;
  const method = op.method.toUpperCase();
  const reads = method === 'GET' || method === 'HEAD';
  const status = String(doc.status ?? (doc.response || doc.produces ? 200 : 204));
  const success: JsonSchema = { description: status === '201' ? 'Created' : status === '204' ? 'Done (no content)' : 'OK' };
  if (doc.response) success.content = { 'application/json': { schema: sink.convert(doc.response, 'output') } };
  else if (doc.produces) success.content = Object.fromEntries(doc.produces.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]));
  const content: JsonSchema = {};
  if (doc.body) content['application/json'] = { schema: sink.convert(doc.body, 'input') };
  if (doc.form) content['multipart/form-data'] = { schema: sink.convert(doc.form, 'input') };
  const security: JsonSchema[] = [{ bearerToken: [] }, { sessionCookie: [] }];
  if (ANONYMOUS_RULES.has(op.access)) security.push({});
  return {
    operationId: `${method.toLowerCase()}${openApiPath(op.url)
      .path.replace(/[{}]/g, '')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('')}`,
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, `Who may call it: ${ACCESS_RULES[op.access].description}.`].filter(Boolean).join('\n\n'),
    'x-token-scope': reads ? 'read' : 'read-write',
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
        'Tokens work on the operations listed here only (not on sign-in, account, billing or token management).',
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
      },
    },
  };
}

/** Records the `config.api` of every route as it is added (app.ts onRoute); builds the document once. */
export class ApiRegistry {
  private readonly ops: ApiOperation[] = [];
  private doc: JsonSchema | null = null;

  record(method: string, url: string, access: AccessRuleName, doc: ApiDoc) {
    // HEAD routes Fastify adds beside GETs are the GET's.
    if (method === 'HEAD') return;
    const { names } = openApiPath(url);
    const declared = doc.params ? Object.keys(doc.params.shape) : [];
    const missing = names.filter((n) => !declared.includes(n));
    if (missing.length) throw new Error(`Route ${method} ${url} documents no schema for its path parameter(s) ${missing.join(', ')} (config.api.params)`);
    this.ops.push({ method, url, access, doc });
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
