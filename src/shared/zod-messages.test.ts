// The validation messages people read: every zod issue code, through real schemas, reads as a
// sentence naming its field, never as zod's own English.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, peopleMessage } from './zod-messages';

z.config({ customError: peopleMessage });

const ZOD_ENGLISH = /Too big|Too small|expected string|expected number|Invalid input|Invalid option|Unrecognized key|received undefined|expected one of|[<>]=/;

function firstMessage(schema: z.ZodType, data: unknown): string {
  const r = schema.safeParse(data);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0]!.message;
}

describe('zod messages for people', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['a too long name', z.object({ name: z.string().max(100) }), { name: 'x'.repeat(101) }, 'The name can be at most 100 characters'],
    ['a missing name', z.object({ name: z.string() }), {}, 'The name is required'],
    ['an empty name', z.object({ name: z.string().min(1) }), { name: '' }, 'The name is required'],
    ['a short password', z.object({ password: z.string().min(8) }), { password: 'short' }, 'The password must be at least 8 characters'],
    ['a number for text', z.object({ title: z.string() }), { title: 3 }, 'The title must be text'],
    ['text for a number', z.object({ limit: z.number() }), { limit: 'x' }, 'The limit must be a number'],
    ['a number too small', z.object({ limit: z.number().min(1) }), { limit: 0 }, 'The limit must be at least 1'],
    ['a number too big', z.object({ limit: z.number().max(500) }), { limit: 501 }, 'The limit can be at most 500'],
    ['a fraction for a whole number', z.object({ offset: z.number().int() }), { offset: 1.5 }, 'The offset must be a whole number'],
    ['a choice not offered', z.object({ dir: z.enum(['asc', 'desc']) }), { dir: 'sideways' }, 'Choose one of: asc, desc'],
    ['a camelCase key', z.object({ maxRows: z.number() }), { maxRows: 'x' }, 'The max rows must be a number'],
    ['a snake_case key', z.object({ nav_background: z.string() }), { nav_background: 1 }, 'The nav background must be text'],
    ['too many items', z.object({ columns: z.array(z.string()).max(2) }), { columns: ['a', 'b', 'c'] }, 'The columns can have at most 2 items'],
    ['no items', z.object({ columns: z.array(z.string()).min(1) }), { columns: [] }, 'The columns must have at least one item'],
    ['a bad e-mail', z.object({ email: z.email() }), { email: 'nope' }, 'The e-mail address is not a valid e-mail address (for example name@example.com)'],
    ['a bad link', z.object({ url: z.url() }), { url: 'nope' }, 'The link must be a web address, like https://example.com'],
    ['a bad pattern', z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/) }), { color: 'red' }, 'The color is not in the expected form'],
    ['an unknown key', z.strictObject({ name: z.string() }), { name: 'a', colour: 'x' }, '"colour" is not something that can be set here'],
    ['a list item', z.array(z.string()), [1], 'This field must be text'],
    ['no union member', z.object({ value: z.union([z.string(), z.number()]) }), { value: true }, 'The value is not valid'],
    ['a literal', z.object({ type: z.literal('TXT') }), { type: 'A' }, 'The type must be TXT'],
    ['a failed refine', z.object({ name: z.string().refine((s) => s !== 'x') }), { name: 'x' }, 'The name is not valid'],
  ];
  it.each(cases)('%s', (_what, schema, data, expected) => {
    const message = firstMessage(schema, data);
    expect(message).toBe(expected);
    expect(message).not.toMatch(ZOD_ENGLISH);
  });

  it("keeps a schema's own message", () => {
    expect(firstMessage(z.object({ name: z.string().min(1, 'Name is required') }), { name: '' })).toBe('Name is required');
  });

  it('labels fields by the last named part of their path', () => {
    expect(fieldLabel(['board', 'name'])).toBe('The name');
    expect(fieldLabel(['items', 0])).toBe('This field');
    expect(fieldLabel([])).toBe('This field');
    expect(fieldLabel(undefined)).toBe('This field');
    expect(fieldLabel(['publishUrl'])).toBe('The Publish URL');
  });
});
