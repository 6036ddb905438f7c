// The boundaries the lint holds, proved on probe code: each rule reports what it must, and a probe that
// keeps every rule gets no message at all (so no rule can pass this by reporting everything).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// A module of its own, so `../trip/…` from it is an import from another module.
const probeModule = `__lint-probe-${randomBytes(4).toString('hex')}__`;
const probeDir = path.join(root, 'apps/api/src/modules', probeModule);
const probe = (name: string) => path.join(probeDir, name);

// Typed linting needs the file on the disk; the disk holds only this, and each probe's code is handed
// to ESLint with its path, so a type check or a lint run of the tree meanwhile meets nothing broken.
const placeholders = [
  'relational.service.ts',
  'renamed.service.ts',
  'any-name.service.ts',
  'notify.service.ts',
  'faces.service.ts',
  'clean.service.ts',
  'view.ts',
  'view-types.ts',
  'view-transaction.ts',
  'probe.routes.ts',
];
// The import graph reads the disk, so the two sides of the circle are real files.
const cycleA = `import type { CycleB } from './cycle-b';

export const cycleName = 'a';
export type CyclePair = [CycleB, string];
`;
const cycleB = `import { cycleName } from './cycle-a';

export interface CycleB {
  name: string;
}
export const cycleBName = \`\${cycleName}-b\`;
`;
const cycleBWithoutImport = `export interface CycleB {
  name: string;
}
export const cycleBName = 'b';
`;

const dbTypes = (...names: string[]) => `import type { ${names.join(', ')} } from '../../db/client';`;

let eslint: ESLint;

beforeAll(() => {
  fs.mkdirSync(probeDir, { recursive: true });
  for (const name of placeholders) fs.writeFileSync(probe(name), 'export {};\n');
  fs.writeFileSync(probe('cycle-a.ts'), cycleA);
  fs.writeFileSync(probe('cycle-b.ts'), cycleB);
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  fs.rmSync(probeDir, { recursive: true, force: true });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const rules = (messages: { rule: string | null }[]) => messages.map((m) => m.rule);

const QUERY = 'freightlane/database-only-in-repositories';

describe('only repositories query, by the type of the handle', () => {
  it('reports a relational query: the call is on findFirst of ctx.db.query.trips', async () => {
    const messages = await lint(
      probe('relational.service.ts'),
      `${dbTypes('Db')}

export async function findProbeTrip(ctx: { db: Db }) {
  return ctx.db.query.trips.findFirst();
}
`,
    );
    expect(messages).toEqual([expect.objectContaining({ rule: QUERY, line: 4 })]);
    expect(messages[0]!.message).toContain('`query`');
  });

  it('reports a handle under another name: const t = ctx.db; t.select()', async () => {
    const messages = await lint(
      probe('renamed.service.ts'),
      `${dbTypes('Db')}

export async function selectProbe(ctx: { db: Db }) {
  const t = ctx.db;
  return t.select();
}
`,
    );
    expect(messages).toEqual([expect.objectContaining({ rule: QUERY, line: 5 })]);
  });

  it('reports database.db.execute() and a parameter named conn, whatever they are called', async () => {
    const messages = await lint(
      probe('any-name.service.ts'),
      `${dbTypes('Database', 'Db', 'Executor')}

type Statement = Parameters<Db['execute']>[0];

export async function runOnStore(store: Database, statement: Statement) {
  return store.db.execute(statement);
}

export async function runOnConnection(conn: Executor, statement: Statement) {
  const { execute } = conn;
  return [execute, await conn.execute(statement)];
}
`,
    );
    expect(messages).toEqual([
      expect.objectContaining({ rule: QUERY, line: 6 }),
      expect.objectContaining({ rule: QUERY, line: 10 }),
      expect.objectContaining({ rule: QUERY, line: 11 }),
    ]);
  });

  it('lets only services and jobs open a transaction', async () => {
    const code = `${dbTypes('Db', 'Executor')}

export async function inOneStep(ctx: { db: Db }, step: (tx: Executor) => Promise<void>) {
  return ctx.db.transaction(async (tx) => step(tx));
}
`;
    expect(await lint(probe('clean.service.ts'), code)).toEqual([]);
    for (const file of ['view-transaction.ts', 'probe.routes.ts']) {
      const messages = await lint(probe(file), code);
      expect(messages).toEqual([expect.objectContaining({ rule: QUERY, line: 4 })]);
      expect(messages[0]!.message).toContain('Only services and jobs open transactions');
    }
  });
});

describe('notify() runs a query', () => {
  it('may not be imported by a service', async () => {
    const messages = await lint(
      probe('notify.service.ts'),
      `import { notify } from '../../db/notify';

export const announce = notify;
`,
    );
    expect(messages).toEqual([expect.objectContaining({ rule: 'no-restricted-imports', line: 1 })]);
    expect(messages[0]!.message).toContain('notify()');
  });
});

describe('a plain helper uses repositories by type only', () => {
  it("reports a value import of a repository's function", async () => {
    const messages = await lint(
      probe('view.ts'),
      `import { findProbe } from './probe.repository';

export const shapeProbe = findProbe;
`,
    );
    expect(messages).toEqual([
      expect.objectContaining({ rule: '@typescript-eslint/no-restricted-imports', line: 1 }),
    ]);
  });

  it('lets it import a repository’s types', async () => {
    const messages = await lint(
      probe('view-types.ts'),
      `import type { ProbeRow } from './probe.repository';

export type ProbeView = Pick<ProbeRow, 'id'>;
`,
    );
    expect(messages).toEqual([]);
  });
});

describe('a module is reached only through its face', () => {
  it('reports ../trip/trip-access from another module, and lets ../trip through', async () => {
    const messages = await lint(
      probe('faces.service.ts'),
      `import { loadTripFor } from '../trip/trip-access';
import { tripRoutes } from '../trip';

export const uses = [loadTripFor, tripRoutes];
`,
    );
    expect(messages).toEqual([expect.objectContaining({ rule: 'freightlane/module-faces', line: 1 })]);
    expect(messages[0]!.message).toContain(
      'import ../trip (its index.ts), or export what you need from there',
    );
  });

  it('reports ./modules/trip/trip-access from app.ts, and lets ./modules/trip through', async () => {
    const messages = await lint(
      path.join(root, 'apps/api/src/app.ts'),
      `import { loadTripFor } from './modules/trip/trip-access';
import { tripRoutes } from './modules/trip/index';

export const uses = [loadTripFor, tripRoutes];
`,
    );
    expect(messages).toEqual([expect.objectContaining({ rule: 'freightlane/module-faces', line: 1 })]);
  });
});

describe('no import circle, type imports included', () => {
  it('reports both sides of a circle where one side is import type, naming the circle', async () => {
    const a = await lint(probe('cycle-a.ts'), cycleA);
    const b = await lint(probe('cycle-b.ts'), cycleB);
    expect(rules(a)).toEqual(['freightlane/no-import-cycle']);
    expect(rules(b)).toEqual(['freightlane/no-import-cycle']);
    expect(a[0]!.message).toContain(`${probeModule}/: cycle-a.ts → cycle-b.ts → cycle-a.ts`);
    expect(b[0]!.message).toContain('cycle-b.ts → cycle-a.ts → cycle-b.ts');
  });

  it('sees the circle gone once a file on the disk breaks it', async () => {
    fs.writeFileSync(probe('cycle-b.ts'), cycleBWithoutImport);
    expect(await lint(probe('cycle-a.ts'), cycleA)).toEqual([]);
  });
});

describe('a probe that keeps every rule', () => {
  it('gets no message at all', async () => {
    const messages = await lint(
      probe('clean.service.ts'),
      `${dbTypes('Db', 'Executor')}
import { tripRoutes } from '../trip';
import { findProbe, type ProbeRow } from './probe.repository';

export async function probeFor(ctx: { db: Db }, id: string): Promise<ProbeRow[]> {
  // A service opens the transaction and hands the handle to its repository.
  return ctx.db.transaction(async (tx: Executor) => findProbe(tx, id));
}

export const routes = tripRoutes;
`,
    );
    expect(messages).toEqual([]);
  });
});

describe('the rules that were there before', () => {
  it('keeps web file names in kebab-case', async () => {
    const messages = await lint(
      path.join(root, 'apps/web/src/lib/LintProbe.ts'),
      'export const probe = 1;\n',
    );
    expect(rules(messages)).toEqual(['check-file/filename-naming-convention']);
  });

  it('keeps the domain free of the apps', async () => {
    const messages = await lint(
      path.join(root, 'packages/domain/src/lint-probe.ts'),
      `import type { Env } from '../../../apps/api/src/env';

export type ProbeEnv = Env;
`,
    );
    expect(rules(messages)).toEqual(['import-x/no-restricted-paths']);
  });
});
