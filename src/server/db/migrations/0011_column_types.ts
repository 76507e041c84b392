// Sheet columns get a type (issue 13: the data editor edits a cell with its column's type; an
// import's preview lets the owner correct the guessed types). JSON object {column: type}; a
// column without an entry is guessed from its values (shared/rows/column-types.ts).
import type { Kysely, Migration } from 'kysely';

export const columnTypes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sheets').addColumn('column_types', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sheets').dropColumn('column_types').execute();
  },
};
