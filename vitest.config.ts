import { defineConfig } from 'vitest/config';

// One runner, five projects: pure unit tests, the server's HTTP tests on SQLite and on
// PostgreSQL, the file-storage tests again with files in a local S3, and browser tests that drive
// the built app in Chromium.
const serverTests = ['src/server/**/*.test.ts'];
// The server files run one after another in one process per project (isolate: false): each file
// would otherwise import the whole server again (~3 s of a file's run on two cores). They share
// no state through modules: every test app is built by createTestApp with its own context,
// database and data directory (src/server/testing/app.ts), and no server test mocks a module.
const serverIsolation = { isolate: false };
const storageTests = [
  'src/server/modules/uploads/uploads.test.ts',
  'src/server/modules/uploads/limits.test.ts',
  'src/server/modules/blog/media.test.ts',
  'src/server/modules/templates/templates.test.ts',
  'src/server/modules/clones/clones.test.ts',
  'src/server/modules/account/account.test.ts',
  'src/server/modules/workspace/workspaces.test.ts',
];

export default defineConfig({
  test: {
    // Per pool, for the whole run. forks (unit and server tests): one file at a time (vitest's
    // default on two cores). threads (only the browser tests): two files at a time, each in a
    // thread of its own, on the one shared server and browser (tests/e2e/harness.ts).
    poolOptions: { threads: { maxThreads: 2 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/blocks/**/*.test.ts', 'src/web/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-sqlite',
          ...serverIsolation,
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30000,
          // Set-up hooks build an app (migrations, password hashing) while the browser tests
          // load both cores: 10 s (vitest's default) was seen to run out there.
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          ...serverIsolation,
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // The tests of everything that writes, reads, copies or deletes uploaded files, again with
        // the files in a local S3 (src/server/testing/s3.ts) instead of DATA_DIR.
        test: {
          name: 'server-s3',
          ...serverIsolation,
          include: storageTests,
          environment: 'node',
          env: { TEST_DB: 'sqlite', TEST_STORAGE: 's3' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 180000,
          // Pages answer slower while the server tests load both cores: a condition the browser
          // reaches (markers drawn, a row shown) gets 10 s, not vitest's 1 s, before it fails.
          expect: { poll: { timeout: 10_000 } },
          // Browser tests run in the threads pool, everything else in the forks pool: vitest runs
          // the two pools side by side, so the browser tests (waiting on pages more than they
          // compute) overlap the server tests instead of following them. See poolOptions below.
          pool: 'threads',
        },
      },
    ],
  },
});
