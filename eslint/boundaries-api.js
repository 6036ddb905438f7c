// The API's shape: only repositories query the database (told by the type of what they touch, not its
// name), only services and jobs open transactions, a module is reached from outside only through its
// face (its index.ts), helpers use repositories' types but not their functions, and plugins and helpers
// import no module.
import { fileURLToPath } from 'node:url';
import freightlane from './rules/index.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const modulesDir = fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));
const src = './apps/api/src';

/** Tests and their fixtures may reach anywhere: into a module, into the database. */
const testFiles = ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'];

/** Files that may run queries: repositories, the database layer itself, and tests with their fixtures. */
const queryFiles = ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', ...testFiles];

/** Module files with a kind of their own; any other module file is a plain helper. */
const kindFiles = {
  routes: 'apps/api/src/modules/**/*.routes.ts',
  service: 'apps/api/src/modules/**/*.service.ts',
  repository: 'apps/api/src/modules/**/*.repository.ts',
  job: 'apps/api/src/modules/**/*.job.ts',
  face: 'apps/api/src/modules/**/index.ts',
};

const QUERY_MESSAGE =
  'Only *.repository.ts files query the database: move the query into the repository and call it.';

export default [
  {
    // Type information only where the typed rule runs: the API's files outside the query files.
    files: ['apps/api/src/**/*.ts'],
    ignores: queryFiles,
    plugins: { freightlane },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: repoRoot } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: QUERY_MESSAGE }],
          patterns: [
            { group: ['drizzle-orm/*'], message: QUERY_MESSAGE },
            { regex: '(^|/)db/schema(/|$)', message: QUERY_MESSAGE },
            {
              regex: '(^|/)db/notify(\\.[cm]?[jt]s)?$',
              message:
                'notify() runs pg_notify, a query: only repositories (and src/db) import it; call a repository function that notifies.',
            },
          ],
        },
      ],
      'freightlane/database-only-in-repositories': ['error', { allowTransaction: true }],
    },
  },
  {
    // In a module, a transaction is a business step: services and jobs open it, nothing else does.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [...queryFiles, kindFiles.service, kindFiles.job],
    plugins: { freightlane },
    rules: { 'freightlane/database-only-in-repositories': ['error', { allowTransaction: false }] },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [...Object.values(kindFiles), ...testFiles],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.repository(\\.[cm]?[jt]s)?$',
              allowTypeImports: true,
              message:
                "A plain helper (view shaping, PDF, arithmetic, texts) takes its data from its caller: `import type` a repository's types, and call its functions from a service or job.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // The demo seeds and the attack suites' tables are fixtures: like tests, they build data and worlds
    // from a module's inside.
    ignores: [...testFiles, 'apps/api/src/db/seed/**', 'apps/api/src/security/**'],
    plugins: { freightlane },
    rules: { 'freightlane/module-faces': ['error', { modulesDir }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`${src}/plugins`, `${src}/lib`, `${src}/queries`],
              from: `${src}/modules`,
              message:
                'Plugins, helpers and shared queries import no module: modules build on them, not the reverse.',
            },
            {
              target: `${src}/queries`,
              from: `${src}/plugins`,
              message: 'Shared queries import no plugin.',
            },
          ],
        },
      ],
    },
  },
];
