// The server's floors, bottom first: a module imports modules on its own floor or below, never
// above (floors.test.ts). A module is a top folder of src/server (`data`, `platform`, ...), a
// folder of src/server/modules (`modules/apps`), or a top file of src/server (`config`).
// docs/architecture.md draws the same floors; a new module must be placed here before it is used.
export interface Floor {
  name: string;
  /** Module names; `modules/*` is every domain module. */
  modules: readonly string[];
  /** What lives on the floor, for the failure message and the docs. */
  holds: string;
}

export const FLOORS: readonly Floor[] = [
  { name: 'foundation', modules: ['config', 'settings', 'errors', 'http', 'threads', 'db', 'routing', 'crash-points'], holds: 'settings, errors, the database and its migrations, route input parsing, the crash tests\' pause points' },
  { name: 'sheet engine', modules: ['sheets'], holds: 'sheets as typed columns in memory, queries, patches, snapshots, file parsing (one public surface: sheets/index.ts)' },
  { name: 'platform', modules: ['platform'], holds: 'the server context, rate limits, mail, object storage, passwords, the Stripe, Google and geocoding clients, cluster bus and locks, HTTP helpers' },
  { name: 'data', modules: ['data'], holds: 'every repo (the only place SQL lives) and record, by domain' },
  { name: 'identity', modules: ['identity'], holds: 'who is calling: owner, app user, admin and blog sessions, API tokens, the current workspace' },
  { name: 'access', modules: ['access'], holds: 'the access rules every route declares, and what they resolve' },
  { name: 'domains', modules: ['modules/*'], holds: 'each domain: its services and its routes (modules/<domain>)' },
  { name: 'app', modules: ['app', 'main', 'admin-cli'], holds: 'the server built from every route module, and its entry points' },
];

/** Test support (src/server/testing): imports anything, imported by tests only (testing-folder.test.ts). */
export const OFF_FLOOR = ['testing'];
