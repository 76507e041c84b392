// Block record migrations: numbered steps run in order on every stored record, on read and before
// validation (src/server/modules/blocks/service.ts), like tldraw's record migrations. Stored
// records carry no version (a version key would travel over the API and reach the settings
// validator), so every step must be idempotent: a record it already changed, or one that never
// needed it, comes back equal (`migrations.test.ts` checks each step on its own, and every
// catalogue kind's defaults against all of them). A step is never edited or renumbered once
// landed; a new one gets the next id. A kind's steps live in its folder.
import { LEGACY_KINDS, currentKindName } from './legacy-kinds';
import { migrateScorecardFunctions, migrateScorecardSources } from './scorecard/migrate';

export interface BlockMigration {
  /** Its place in the sequence: 1, 2, 3, ... */
  id: number;
  /** What it changes, for tests and readers. */
  name: string;
  up: <T extends Record<string, unknown>>(record: T) => T;
}

/** Legacy kinds (legacy-kinds.ts) take their current name. */
function renameLegacyKind<T extends Record<string, unknown>>(record: T): T {
  if (typeof record.type !== 'string' || !Object.hasOwn(LEGACY_KINDS, record.type)) return record;
  return { ...record, type: currentKindName(record.type) };
}

export const blockMigrations: readonly BlockMigration[] = [
  { id: 1, name: 'legacy kinds take their current name (score_card → scorecard)', up: renameLegacyKind },
  { id: 2, name: 'scorecard axes: flat sheet / column keys → source {sheet, column}', up: migrateScorecardSources },
  { id: 3, name: 'scorecard axes: function names as the schema spells them', up: migrateScorecardFunctions },
];

/**
 * Brings a stored block record up to date: every step in order. Pure and idempotent; a record no
 * step applies to comes back as the same object.
 */
export function migrateBlockRecord<T extends Record<string, unknown>>(record: T): T {
  return blockMigrations.reduce<T>((r, m) => m.up(r), record);
}
