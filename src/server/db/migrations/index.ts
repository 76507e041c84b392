// Ordered list of migrations. A static provider (not a folder scan) so tsx, vitest and a
// bundler all see the same set.
import type { Migration } from 'kysely';
import { initial } from './0001_initial';

export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
};
