// Reading the OpenAPI document (GET /api/openapi.json, generated on the server from the routes'
// zod schemas) for the reference page: operations grouped by tag, a schema's type in words, its
// limits, and its `$ref`s followed. Pure: the page renders what these return (React escapes it).

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  summary: string;
  description?: string;
  'x-token-scope'?: 'read' | 'read-write';
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OperationGroup {
  tag: string;
  description?: string;
  operations: Operation[];
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations under their tags, in the document's tag order; within a tag by path, then method. */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>();
  for (const t of doc.tags ?? []) groups.set(t.name, { tag: t.name, description: t.description, operations: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups.get(tag)!.operations.push({ ...op, method: method.toUpperCase(), path });
    }
  }
  for (const g of groups.values())
    g.operations.sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()));
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** Follows a `#/components/schemas/X` reference (one level; the page recurses). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
  return (name && doc.components?.schemas?.[name]) || schema;
}

/** A schema's type in words: `text`, `whole number`, `list of text`, `one of: 'a', 'b'`, `object`. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema, depth = 0): string {
  const schema = resolve(doc, raw);
  if (depth > 4) return 'value';
  if (schema.enum) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return [...new Set(options.map((o) => typeLabel(doc, o, depth + 1)))].join(' or ');
  if (Array.isArray(schema.type)) return schema.type.map((t) => typeLabel(doc, { ...schema, type: t }, depth + 1)).join(' or ');
  const type = schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'binary' ? 'file' : schema.format ? `text (${schema.format})` : 'text';
    case 'integer':
      return 'whole number';
    case 'number':
      return 'number';
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'array':
      return schema.items ? `list of ${typeLabel(doc, schema.items, depth + 1)}` : 'list';
    case 'object':
      if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object')
        return `map of text to ${typeLabel(doc, schema.additionalProperties, depth + 1)}`;
      return 'object';
    default:
      return type ?? 'any value';
  }
}

/** The limits worth telling a script writer (lengths, ranges, sizes, a default). */
export function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  // zod's integer bounds (±2^53-1) say nothing a reader needs.
  const big = (n: number) => Math.abs(n) >= Number.MAX_SAFE_INTEGER;
  if (schema.minLength !== undefined && schema.minLength > 0) out.push(schema.minLength === 1 ? 'not empty' : `at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  if (schema.minimum !== undefined && !big(schema.minimum)) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && !big(schema.maximum)) out.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) out.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The nested object a schema describes fields of (an object, or a list of objects), or null. */
export function fieldsOf(doc: OpenApiDocument, raw: JsonSchema): JsonSchema | null {
  const schema = resolve(doc, raw);
  if (schema.properties) return schema;
  if (schema.items) return fieldsOf(doc, schema.items);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const objects = options.map((o) => fieldsOf(doc, o)).filter((o): o is JsonSchema => !!o);
    return objects.length === 1 ? objects[0]! : null;
  }
  return null;
}

/** The anchor id of an operation or a group on the page. */
export const anchorOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
