// Boundaries every workspace keeps: the domain stands alone, and no file imports in a circle.
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import freightlane from './rules/index.js';

// Absolute, so the graph is the same whichever folder ESLint runs from.
const workspaces = ['packages/domain', 'apps/api', 'apps/web'].map((dir) =>
  fileURLToPath(new URL(`../${dir}`, import.meta.url)),
);

export default [
  {
    files: ['packages/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, freightlane },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/domain/tsconfig.json', 'apps/api/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Replaces import-x/no-cycle, which skips `import type`: a circle of types is a circle too.
      'freightlane/no-import-cycle': ['error', { roots: workspaces }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain',
              from: './apps',
              message: 'The domain is shared by the API and the web app and imports nothing from either.',
            },
          ],
        },
      ],
    },
  },
];
