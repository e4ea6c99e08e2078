import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Another feature's repository (a feature's own is `./x.repository`). */
const OTHER_REPOSITORY = {
  group: ['../*/*.repository', '../*/*.repository.js', '**/features/*/*.repository', '**/features/*/*.repository.js'],
  message: "Another feature's repository: call that feature's service (or the narrow list of statements it exports).",
};
/** Janus's client library: only `lib/janus/` speaks to Janus, and everything else uses its typed `JanusClient`. */
const JANODE = {
  group: ['janode', 'janode/*'],
  message: 'Only lib/janus talks to Janus: use its JanusClient.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features meet through services (docs/ARCHITECTURE.md): no file imports another feature's repository, not even
    // for a type (row types live in `<feature>.tables.ts`). A feature's own repository is `./x.repository`. Janus is
    // reached only through `lib/janus/` (below, the one place janode is imported).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [OTHER_REPOSITORY, JANODE] }],
    },
  },
  {
    files: ['apps/server/src/lib/janus/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_REPOSITORY] }] },
  },
  {
    // SQL lives only in repositories (`*.repository.ts`) and `db/` (connection, migrations, transactions, seed).
    // Tests set up data directly. The storage modules of `lib/` are repositories of their own tables: the rate
    // limits, the keyed lock and the database blob store.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/security/security-fixtures.ts',
      'apps/server/src/lib/rate-limiter.ts',
      'apps/server/src/lib/key-lock.ts',
      'apps/server/src/lib/blob-store/database-blob-store.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
          message: 'Kysely query building belongs in a *.repository.ts: add a function there and call it.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open a transaction with inTransaction (db/transaction.ts); its statements stay in repositories.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
          message: 'Raw SQL belongs in a *.repository.ts.',
        },
        {
          selector:
            'ExportNamedDeclaration[source.value=/\\.repository(\\.js)?$/], ExportAllDeclaration[source.value=/\\.repository(\\.js)?$/]',
          message: 'Do not re-export a repository: give the service a function other features call.',
        },
      ],
    },
  },
);
