// The API's shape: only repositories query the database, a module reaches another module through
// its service or a named shared query (src/queries), and plugins and helpers import no module.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const src = './apps/api/src';
const modulesDir = fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Files that may run queries: repositories, the database layer itself, and tests with their fixtures. */
const queryFiles = [
  'apps/api/src/**/*.repository.ts',
  'apps/api/src/db/**',
  'apps/api/src/**/*.test.ts',
  'apps/api/src/test/**',
];

const QUERY_MESSAGE =
  'Only *.repository.ts files query the database: move the query into the repository and call it.';

/** A call on something named like a database handle: db.select(), tx.insert(), ctx.db.execute(), … */
const queryCall = (object) =>
  `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)$/]${object}`;

export default [
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: queryFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: QUERY_MESSAGE }],
          patterns: [
            { group: ['drizzle-orm/*'], message: QUERY_MESSAGE },
            { regex: '(^|/)db/schema(/|$)', message: QUERY_MESSAGE },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: queryCall('[callee.object.name=/^(db|tx|executor)$/]'), message: QUERY_MESSAGE },
        { selector: queryCall("[callee.object.property.name='db']"), message: QUERY_MESSAGE },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...modules.map((name) => ({
              target: `${src}/modules/${name}`,
              from: modules
                .filter((other) => other !== name)
                .map((other) => `${src}/modules/${other}/**/*.repository.ts`),
              message:
                "A module uses another module through that module's service or a named shared query in src/queries, never its repository.",
            })),
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
