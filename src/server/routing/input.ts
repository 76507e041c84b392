// A route's input is declared once, in its `schema` (params, querystring, body: zod schemas), and
// parsed once, by Fastify's validation step with the compiler below: the handler receives
// `request.params`, `request.query` and `request.body` already parsed and typed (the type
// provider), and calls no parse() of its own. Inputs are strict: a field the schema does not name
// is a 400 that names it, instead of being dropped silently (a script sending
// `{ is_public: false }` to a route that does not take it would otherwise be told "saved").
//
// The access rule and the rate limit run before this step (app.ts moves them to preValidation),
// so a caller who may not call the route learns nothing from its validation messages.
import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, zodIssues, zodMessage } from '../errors';

/** Types `request.params/query/body` from the route's zod schemas (their parsed output). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The server as route modules see it: routes declare zod schemas and get typed, parsed input. */
export type ApiServer = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Part = 'body' | 'querystring' | 'params' | 'headers';

const keysOf = new WeakMap<z.ZodType, Set<string> | null>();

/**
 * The keys an input schema names, or null when it takes any key (a record, a loose object, a
 * non-object). Worked out once per schema: a route's schemas are fixed at start-up.
 */
export function acceptedKeys(schema: z.ZodType): Set<string> | null {
  if (keysOf.has(schema)) return keysOf.get(schema)!;
  const keys = keysOfSchema(schema);
  keysOf.set(schema, keys);
  return keys;
}

function keysOfSchema(schema: z.ZodType): Set<string> | null {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      if (catchall && (catchall as unknown as { _zod: { def: { type: string } } })._zod.def.type !== 'never') return null;
      return new Set(Object.keys((schema as z.ZodObject).shape));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return acceptedKeys(def.innerType as z.ZodType);
    case 'pipe':
      return acceptedKeys(def.in as z.ZodType);
    case 'union': {
      const all = new Set<string>();
      for (const option of def.options as z.ZodType[]) {
        const keys = acceptedKeys(option);
        if (!keys) return null;
        for (const k of keys) all.add(k);
      }
      return all;
    }
    case 'intersection': {
      const left = acceptedKeys(def.left as z.ZodType);
      const right = acceptedKeys(def.right as z.ZodType);
      return left && right ? new Set([...left, ...right]) : null;
    }
    default:
      return null;
  }
}

/**
 * Query parameters every route takes and none reads unless its schema names them: the web app
 * adds `board` (the page path) and `referer` to every request (shell §7), and the spec's clients
 * also send `_id`, `_email` and `_filters`, which the server never reads (identity comes from the
 * session alone). They are not "unknown" anywhere.
 */
export const CLIENT_QUERY_KEYS: readonly string[] = ['board', 'referer', '_id', '_email', '_filters'];

/** "a, b and c" */
function listed(keys: readonly string[]): string {
  if (keys.length <= 1) return keys.join('');
  return `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

/** What the part is called in a sentence. */
const PART_WORDS: Record<Part, { one: string; many: string; none: string }> = {
  body: { one: 'a setting this request takes', many: 'settings this request takes', none: 'This request takes no settings' },
  querystring: { one: 'an option of this address', many: 'options of this address', none: 'This address takes no options' },
  params: { one: 'part of this address', many: 'parts of this address', none: 'This address has no parts to fill in' },
  headers: { one: 'a header this request reads', many: 'headers this request reads', none: 'This request reads no headers' },
};

/**
 * The 400 for fields the schema does not name, in words: "is_public is not a setting this request
 * takes. It takes: page_name, page_slug and page_type." null when every key is known.
 */
export function unknownFieldError(schema: z.ZodType, data: unknown, part: Part): HttpError | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const accepted = acceptedKeys(schema);
  if (!accepted) return null;
  const unknown = Object.keys(data).filter((k) => !accepted.has(k) && !(part === 'querystring' && CLIENT_QUERY_KEYS.includes(k)));
  if (!unknown.length) return null;
  const words = PART_WORDS[part];
  const subject = unknown.length === 1 ? `${unknown[0]} is not ${words.one}` : `${listed(unknown)} are not ${words.many}`;
  const takes = accepted.size ? `It takes: ${listed([...accepted].sort())}.` : `${words.none}.`;
  const issues = unknown.map((k) => ({ path: k, message: `${k} is not ${words.one}` }));
  return new HttpError(400, `${subject}. ${takes}`, issues, 'unknown_field');
}

/** Parses one part of a request with its declared schema (strictly); the 400 names the field. */
export function parseInput(schema: z.ZodType, data: unknown, part: Part): { value: unknown } | { error: HttpError } {
  // No body at all: a schema that allows none (a route that also takes a multipart form, whose
  // fields Fastify leaves out of request.body) gets none; any other reads it as no fields.
  if (data == null && schema.safeParse(undefined).success) return { value: undefined };
  const input = data ?? {};
  const unknown = unknownFieldError(schema, input, part);
  if (unknown) return { error: unknown };
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  const issues = zodIssues(result.error);
  return { error: badRequest(zodMessage(issues), issues) };
}

function isZod(schema: unknown): schema is z.ZodType {
  return !!schema && typeof schema === 'object' && '_zod' in schema;
}

/**
 * Fastify's validator compiler for zod schemas (app.ts sets it for every route). Fastify calls
 * it once per route and part at start-up and runs the returned function on each request; the
 * parsed value replaces the raw one.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart, method, url }) => {
  if (!isZod(schema)) throw new Error(`${method} ${url}: its ${httpPart ?? 'input'} schema is not a zod schema`);
  const part = (httpPart ?? 'body') as Part;
  return (data: unknown) => parseInput(schema, data, part);
};
