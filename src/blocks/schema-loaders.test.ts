import { describe, expect, it } from 'vitest';
import { kindOf, loadedSchema, loadSchema, schemaLoaders } from './schema-loaders';
import { BLOCK_KINDS, blockSchemas, resolveKind } from './schemas';

// The viewer's lazy schemas are the catalogue's, kind for kind: nothing to keep in sync by hand.
describe('schemaLoaders', () => {
  it('has a loader for every kind of the catalogue and no other', () => {
    expect(Object.keys(schemaLoaders).sort()).toEqual([...BLOCK_KINDS].sort());
  });

  it.each(BLOCK_KINDS)('%s loads the catalogue schema itself', async (kind) => {
    expect(await schemaLoaders[kind]()).toBe(blockSchemas[kind]);
    expect(await loadSchema(kind)).toBe(blockSchemas[kind]);
    expect(loadedSchema(kind)).toBe(blockSchemas[kind]);
  });

  it.each([...BLOCK_KINDS, 'score_card', 'nope', '', 'toString', '__proto__'])('kindOf(%j) agrees with resolveKind', (type) => {
    const expected = resolveKind(type);
    expect(kindOf(type)).toBe(expected !== null && Object.hasOwn(blockSchemas, expected) ? expected : null);
  });
});
