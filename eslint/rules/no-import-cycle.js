// No import circle, type imports included. import-x/no-cycle skips `import type`, yet a type circle
// still ties two files' designs together (and breaks the day one side needs a value). This rule
// builds the workspace's import graph once per lint run, finds its strongly connected components
// (Tarjan) and reports each import whose target sits in the importing file's component.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { importSources } from './import-sources.js';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
/** How old the graph's view of the disk may get before a lint looks at every file's mtime again. */
const RESCAN_MS = 2_000;

/** One graph per set of roots, kept for the lint run (and for the life of an editor's ESLint). */
const graphs = new Map();

class ImportGraph {
  constructor(roots) {
    this.roots = roots;
    /** file → { mtimeMs, size, specifiers: string[], targets: string[] } */
    this.files = new Map();
    /** an import's absolute path, as written → the file it names, or null */
    this.resolved = new Map();
    this.components = null;
    this.scannedAt = 0;
    this.scan();
  }

  /** Walks the roots: reads new and changed files, forgets vanished ones. */
  scan() {
    const seen = new Set();
    const changes = [];
    const walk = (dir) => {
      let entries;
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!SKIP_DIRS.has(entry.name)) walk(full);
        } else if (SOURCE.test(entry.name)) {
          seen.add(full);
          changes.push([full, this.read(full)]);
        }
      }
    };
    for (const root of this.roots) walk(root);
    for (const file of this.files.keys()) {
      if (!seen.has(file)) changes.push([file, this.read(file)]);
    }
    this.scannedAt = Date.now();
    this.settle(changes);
  }

  /** Re-reads the given files where the disk changed since they were read; true when one had. */
  refresh(files) {
    return this.settle(files.map((file) => [file, this.read(file)]));
  }

  /** Resolves the imports that changes made stale; true when there was any change. */
  settle(changes) {
    const changed = changes.filter(([, change]) => change !== 'same');
    if (!changed.length) return false;
    if (changed.some(([, change]) => change !== 'changed')) {
      // A file came or went: any import, anywhere, may now name another file.
      this.resolved.clear();
      for (const file of this.files.keys()) this.resolveFile(file);
    } else {
      for (const [file] of changed) this.resolveFile(file);
    }
    this.components = null;
    return true;
  }

  /** Reads a file's import specifiers if its size or mtime changed since it was last read. */
  read(file) {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return this.files.delete(file) ? 'removed' : 'same';
    }
    const known = this.files.get(file);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return 'same';
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = ts
      .preProcessFile(text, true, false)
      .importedFiles.map((imported) => imported.fileName);
    this.files.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, specifiers, targets: [] });
    return known ? 'changed' : 'added';
  }

  resolveFile(file) {
    const entry = this.files.get(file);
    if (entry) entry.targets = this.resolveAll(file, entry.specifiers);
  }

  resolveAll(file, specifiers) {
    const targets = new Set();
    for (const specifier of specifiers) {
      const target = this.resolve(file, specifier);
      if (target) targets.add(target);
    }
    return [...targets].sort();
  }

  /**
   * The workspace file a relative import names, or null. Packages (`@freightlane/domain`, npm) are left
   * out: the domain imports neither app, so no circle runs through one. No tsconfig here sets paths.
   */
  resolve(file, specifier) {
    if (!specifier.startsWith('.')) return null;
    const base = path.resolve(path.dirname(file), specifier);
    let target = this.resolved.get(base);
    if (target !== undefined) return target;
    const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
    const candidates = [
      ...(SOURCE.test(base) ? [base] : []),
      ...['.ts', '.tsx', '.mts', '.cts', '.d.ts'].map((ext) => stem + ext),
      path.join(base, 'index.ts'),
      path.join(base, 'index.tsx'),
    ];
    target = candidates.find((candidate) => this.files.has(candidate)) ?? null;
    if (!target && !this.roots.some((root) => base.startsWith(root + path.sep))) {
      // The walk did not reach outside the roots: look on the disk, and take the file into the graph.
      target = candidates.find((candidate) => SOURCE.test(candidate) && isFile(candidate)) ?? null;
      if (target) {
        this.resolved.set(base, target);
        this.read(target);
        this.resolveFile(target);
      }
    }
    this.resolved.set(base, target);
    return target;
  }

  /** Sets a file's imports as the linted text has them (an editor's text may be ahead of the disk). */
  setImports(file, specifiers) {
    const known = this.files.get(file);
    const targets = this.resolveAll(file, specifiers);
    if (!known || known.targets.join('\n') === targets.join('\n')) return;
    known.specifiers = specifiers;
    known.targets = targets;
    this.components = null;
  }

  /** file → its component (a Set of files), for files in a circle only; Tarjan's algorithm, iterative. */
  circles() {
    if (this.components) return this.components;
    const index = new Map();
    const low = new Map();
    const stack = [];
    const onStack = new Set();
    const components = new Map();
    let next = 0;
    for (const start of this.files.keys()) {
      if (index.has(start)) continue;
      const work = [{ file: start, edge: 0 }];
      index.set(start, next);
      low.set(start, next++);
      stack.push(start);
      onStack.add(start);
      while (work.length) {
        const frame = work[work.length - 1];
        const targets = this.files.get(frame.file).targets;
        if (frame.edge < targets.length) {
          const target = targets[frame.edge++];
          if (!this.files.has(target)) continue;
          if (!index.has(target)) {
            index.set(target, next);
            low.set(target, next++);
            stack.push(target);
            onStack.add(target);
            work.push({ file: target, edge: 0 });
          } else if (onStack.has(target)) {
            low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
          }
          continue;
        }
        work.pop();
        if (work.length) {
          const parent = work[work.length - 1].file;
          low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
        }
        if (low.get(frame.file) !== index.get(frame.file)) continue;
        const members = new Set();
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.add(member);
        } while (member !== frame.file);
        const selfImport = members.size === 1 && this.files.get(frame.file).targets.includes(frame.file);
        if (members.size > 1 || selfImport) for (const file of members) components.set(file, members);
      }
    }
    this.components = components;
    return components;
  }

  /** The shortest way back from `target` to `file` inside their component: file → target → … → file. */
  circleThrough(file, target, members) {
    const previous = new Map([[target, null]]);
    const queue = [target];
    while (queue.length && !previous.has(file)) {
      const current = queue.shift();
      for (const next of this.files.get(current)?.targets ?? []) {
        if (members.has(next) && !previous.has(next)) {
          previous.set(next, current);
          queue.push(next);
        }
      }
    }
    const way = [];
    for (let at = file; at !== null && at !== undefined; at = previous.get(at)) {
      way.unshift(at);
      if (at === target) break;
    }
    return [file, ...way];
  }
}

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

function graphFor(cwd, roots) {
  const absolute = roots.map((root) => path.resolve(cwd, root));
  const key = absolute.join('\0');
  let graph = graphs.get(key);
  if (!graph) {
    graph = new ImportGraph(absolute);
    graphs.set(key, graph);
  } else if (Date.now() - graph.scannedAt > RESCAN_MS) {
    graph.scan();
  }
  return graph;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import circle between workspace files, type imports included.' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import circle (type imports count too) in {{folder}}: {{circle}}. Move what these files share into a file that imports none of them.',
    },
  },
  create(context) {
    const file = path.resolve(context.cwd, context.filename);
    const imports = [];
    return {
      ...importSources((node, source) => imports.push({ node, source })),
      'Program:exit'() {
        const graph = graphFor(context.cwd, context.options[0].roots);
        // Made since the last walk (an editor's new file), or outside the roots.
        if (!graph.files.has(file) && isFile(file)) graph.refresh([file]);
        const targets = imports.map(({ node, source }) => ({ node, target: graph.resolve(file, source) }));
        if (!graph.files.has(file)) {
          // Not on the disk (yet): no file there imports it, so it can only circle back to itself.
          for (const { node, target } of targets) {
            if (target === file) report(node, [file, file]);
          }
          return;
        }
        graph.setImports(
          file,
          imports.map(({ source }) => source),
        );
        // A circle is reported from what its other files hold on the disk now, not when the graph was built.
        const before = graph.circles().get(file);
        if (before) graph.refresh([...before].filter((member) => member !== file));
        const members = graph.circles().get(file);
        if (!members) return;
        for (const { node, target } of targets) {
          if (target && members.has(target)) report(node, graph.circleThrough(file, target, members));
        }
      },
    };

    function report(node, way) {
      const relative = way.map((step) => path.relative(context.cwd, step).split(path.sep).join('/'));
      // The circle's files named from the folder they share, which is named once.
      const folders = relative.map((step) => step.split('/').slice(0, -1));
      let depth = 0;
      while (depth < folders[0].length && folders.every((folder) => folder[depth] === folders[0][depth]))
        depth++;
      const shared = folders[0].slice(0, depth);
      const circle = relative.map((step) => step.split('/').slice(shared.length).join('/')).join(' → ');
      const folder = shared.length ? shared.join('/') + '/' : './';
      context.report({ node, messageId: 'cycle', data: { circle, folder } });
    }
  },
};
