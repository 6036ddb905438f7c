// The web app's shape: a feature reaches another feature only through that feature's index.ts,
// features and shared code import nothing from app/ (the router and shell build on them, not the
// reverse), and every file and folder is named in kebab-case.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import checkFile from 'eslint-plugin-check-file';

// Absolute, because the rule matches `except` globs against absolute import paths as they are.
const src = fileURLToPath(new URL('../apps/web/src', import.meta.url));
const features = readdirSync(`${src}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      // This setting replaces the shared one for these files; the shared zone guards only
      // packages/domain, which no file here is, so nothing it holds is lost.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `${src}/features/${name}/**`,
              from: features.filter((other) => other !== name).map((other) => `${src}/features/${other}/**`),
              except: [`${src}/features/*/index.ts`],
              message: "A feature uses another feature only through that feature's index.ts.",
            })),
            {
              target: [`${src}/features/**`, `${src}/components/**`, `${src}/lib/**`],
              from: `${src}/app/**`,
              message: 'Only the app shell imports app/: shared things (paths, the session) live in lib/.',
            },
            {
              target: [`${src}/components/**`, `${src}/lib/**`],
              from: `${src}/features/**`,
              message: 'Shared components and lib/ import no feature: features build on them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'apps/web/**/*.{ts,tsx}': 'KEBAB_CASE' },
        // order-form.test.ts and vite.config.ts: only the part before the first dot is a name.
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'apps/web/src/**/': 'KEBAB_CASE' }],
    },
  },
];
