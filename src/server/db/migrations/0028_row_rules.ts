// Row rules (issue 34): an owner decides, per sheet an app reads, which rows each app user may
// read and change (rows whose column is their e-mail, or one of their groups), and which columns
// app users or guests never get. Kept on the app as one JSON text (the app's record is read on
// every request already, so a viewer's sheet read costs no second query), and app users get
// their groups (a JSON array of names; none by default). '{}' and '[]': every existing app and
// user is unchanged (no rule: everyone reads every row, as before).
import type { Kysely, Migration } from 'kysely';

export const rowRules: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('apps').addColumn('row_rules', 'text', (c) => c.notNull().defaultTo('{}')).execute();
    await db.schema.alterTable('app_users').addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('app_users').dropColumn('groups').execute();
    await db.schema.alterTable('apps').dropColumn('row_rules').execute();
  },
};
