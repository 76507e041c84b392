// Stored kinds the spec renamed → their catalogue kind: the one list. schemas.ts (server, editor)
// and schema-loaders.ts (the guest view, which must not import every schema) both read it, and
// the first block migration (migrations.ts) rewrites stored records with it. It imports nothing
// (schemas.ts imports it), so the catalogue test checks that every target is a catalogue kind.
export const LEGACY_KINDS: Readonly<Record<string, string>> = { score_card: 'scorecard' };

/** The catalogue kind a legacy type was renamed to, else the type itself. */
export function currentKindName(type: string): string {
  return Object.hasOwn(LEGACY_KINDS, type) ? LEGACY_KINDS[type]! : type;
}
