import { describe, expect, it } from 'vitest';
import { frameKinds, frameOf, kindOf, loadedSchema, loadSchema, ownHeightKinds, ownHeightOf, schemaLoaders } from './schema-loaders';
import { BLOCK_KINDS, blockSchemas, resolveKind, schemaOf } from './schemas';

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

  // The guest's copy of the frame declarations cannot drift from the schemas'.
  it.each([...BLOCK_KINDS, 'score_card', 'nope', 'toString'])('frameOf(%j) is the needs.frame of its schema', (type) => {
    expect(frameOf(type)).toBe(schemaOf(type)?.needs?.frame);
  });

  it('frameKinds lists exactly the kinds whose schema declares a frame', () => {
    const declared = BLOCK_KINDS.filter((k) => blockSchemas[k].needs?.frame).sort();
    expect(Object.keys(frameKinds).sort()).toEqual(declared);
  });

  it('ownHeightKinds lists exactly the kinds whose schema declares ownHeight', () => {
    const declared = BLOCK_KINDS.filter((k) => blockSchemas[k].needs?.ownHeight).sort();
    expect([...ownHeightKinds].sort()).toEqual(declared);
  });

  it.each([...BLOCK_KINDS, 'score_card', 'nope', 'toString'])('ownHeightOf(%j) agrees with the catalogue', (type) => {
    expect(ownHeightOf(type)).toBe(schemaOf(type)?.needs?.ownHeight === true);
  });
});
