import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'docs/', 'test-results/', 'tests/e2e/.artifacts/', '.vite/', '.scratch/'] },
  // A disable comment that no longer silences anything would hide the next real problem on its line.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  // Not the type-checked sets: on two cores they multiply the run time, and tsc already covers most of them.
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker's source (sw/vite-plugin.ts fills __SW_SHELL__ in at build time).
    files: ['src/web/sw/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __SW_SHELL__: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A missing dependency is a stale-value bug, so it fails the run rather than warning.
      'react-hooks/exhaustive-deps': 'error',
      // Only says the React Compiler would skip a component; the app does not use the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    rules: {
      // `_name` marks a parameter kept for its position; a caught error may go unread.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
