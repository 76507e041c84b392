import { defineConfig } from 'vitest/config';

// One runner, four projects: pure unit tests, the server's HTTP tests on SQLite and on
// PostgreSQL, and browser tests that drive the built app in Chromium.
const serverTests = ['src/server/**/*.test.ts'];

export default defineConfig({
  test: {
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
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          testTimeout: 30000,
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
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
