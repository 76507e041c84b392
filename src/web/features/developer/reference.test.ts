import { describe, expect, it } from 'vitest';
import { anchorOf, constraints, fieldsOf, groupOperations, typeLabel, type OpenApiDocument } from './reference';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags: [{ name: 'Apps' }, { name: 'Pages' }, { name: 'Unused' }],
  paths: {
    '/api/pages/{id}': { delete: { operationId: 'd', tags: ['Pages'], summary: 'Delete', responses: {} } },
    '/api/apps/{id}': {
      put: { operationId: 'p', tags: ['Apps'], summary: 'Change', responses: {} },
      get: { operationId: 'g', tags: ['Apps'], summary: 'Get', responses: {} },
    },
    '/api/apps': { post: { operationId: 'c', tags: ['Apps'], summary: 'Create', responses: {} } },
  },
  components: { schemas: { Node: { type: 'object', properties: { id: { type: 'string' } } } } },
};

describe('the API reference', () => {
  it('groups operations by tag in the document order, by path then method, without empty groups', () => {
    const groups = groupOperations(doc);
    expect(groups.map((g) => g.tag)).toEqual(['Apps', 'Pages']);
    expect(groups[0]!.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['POST /api/apps', 'GET /api/apps/{id}', 'PUT /api/apps/{id}']);
  });

  it.each([
    [{ type: 'string' }, 'text'],
    [{ type: 'string', format: 'binary' }, 'file'],
    [{ type: 'integer' }, 'whole number'],
    [{ type: 'array', items: { type: 'string' } }, 'list of text'],
    [{ enum: ['asc', 'desc'] }, 'one of: "asc", "desc"'],
    [{ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] }, 'text or number or null'],
    [{ type: 'object', additionalProperties: { type: 'number' } }, 'map of text to number'],
    [{ $ref: '#/components/schemas/Node' }, 'object'],
    [{ type: ['string', 'null'] }, 'text or null'],
    [{}, 'any value'],
  ])('names %j as %s', (schema, label) => {
    expect(typeLabel(doc, schema)).toBe(label);
  });

  it('tells the limits people need, not zod’s integer bounds', () => {
    expect(constraints({ type: 'string', minLength: 1, maxLength: 100 })).toEqual(['not empty', 'at most 100 characters']);
    expect(constraints({ type: 'integer', minimum: 1, maximum: 9007199254740991 })).toEqual(['≥ 1']);
    expect(constraints({ type: 'string', default: 'board' })).toEqual(['default "board"']);
  });

  it('finds the fields of objects, lists of objects and references', () => {
    expect(fieldsOf(doc, { type: 'array', items: { $ref: '#/components/schemas/Node' } })?.properties).toHaveProperty('id');
    expect(fieldsOf(doc, { type: 'string' })).toBeNull();
    expect(anchorOf('Sheets and rows')).toBe('sheets-and-rows');
  });
});
