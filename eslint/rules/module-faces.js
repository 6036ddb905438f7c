// A module's public face is its index.ts: code outside modules/<m>/ imports `modules/<m>` (or its
// index) and nothing deeper, so a module can rearrange its files without breaking anyone else.
import path from 'node:path';
import { importSources } from './import-sources.js';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Outside a module, import it only through its face (its index.ts).' },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      inside:
        '`{{source}}` reaches inside the module `{{module}}`: import {{face}} (its index.ts), or export what you need from there.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0].modulesDir);
    const file = path.resolve(context.cwd, context.filename);
    const fromDir = path.dirname(file);
    const ownModule = moduleOf(path.relative(modulesDir, file))?.name;

    return importSources((node, source) => {
      if (!source.startsWith('.')) return;
      const target = moduleOf(path.relative(modulesDir, path.resolve(fromDir, source)));
      if (!target || target.name === ownModule || target.isFace) return;
      let face = path.relative(fromDir, path.join(modulesDir, target.name)).split(path.sep).join('/');
      if (!face.startsWith('.')) face = `./${face}`;
      context.report({ node, messageId: 'inside', data: { source, module: target.name, face } });
    });
  },
};

/** The module a path (relative to modules/) lies in, and whether it names that module's face. */
function moduleOf(relative) {
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  const inner = rest.join('/').replace(/\.(ts|tsx|js|mjs)$/, '');
  return { name, isFace: inner === '' || inner === 'index' };
}
