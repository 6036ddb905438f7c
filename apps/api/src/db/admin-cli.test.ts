import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt, GOOD_PASSWORD, LOGIN_URL, uniqueEmail, uniquePhone } from '../test/accounts';
import { call, createTestApp, type TestApp } from '../test/test-app';
import { findUserByEmail, findUserByPhone } from '../queries/user.repository';
import { PLATFORM_COMPANY_NAME } from '../modules/admin/platform-admin.service';
import { openDatabase } from './client';
import { runCreateAdmin, type CommandInput } from './run-create-admin';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILD_SCRIPT = path.resolve(API_DIR, '../../scripts/build-api.mjs');
const A_SECRET = 'Never-In-Argv-2026';

/** +2348031234567 typed the way people write it: 0803 123 4567. */
function localWay(e164: string): string {
  const n = `0${e164.slice(4)}`;
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}

function adminArgs(email: string, phone: string, more: string[] = []): string[] {
  return ['--email', email, '--first-name', 'Ada', '--last-name', 'Obi', '--phone', phone, ...more];
}

/** Standard input as a terminal: each prompt (raw mode on) is answered with the next of `typing`. */
function fakeTerminal(typing: string[]) {
  const input = new PassThrough() as PassThrough & CommandInput;
  const rawModes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (raw: boolean) => {
    rawModes.push(raw);
    const keys = raw ? typing.shift() : undefined;
    if (keys !== undefined) setImmediate(() => input.write(keys));
    return input;
  };
  return { input, rawModes };
}

/** The command in this process, on the test app's database; what it printed and whether it opened it. */
async function runOn(
  t: TestApp,
  argv: string[],
  options: { env?: Record<string, string>; stdin?: CommandInput } = {},
) {
  let out = '';
  let err = '';
  const collect = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        append(String(chunk));
        done();
      },
    });
  const openDatabase = vi.fn(() => Promise.resolve({ ...t.ctx.database, close: () => Promise.resolve() }));
  const code = await runCreateAdmin({
    argv,
    env: { NODE_ENV: 'test', DATA_DIR: t.dataDir, APP_URL: 'https://freightlane.example', ...options.env },
    stdin: options.stdin ?? Readable.from([]),
    stdout: collect((text) => (out += text)),
    stderr: collect((text) => (err += text)),
    systemUser: 'ops',
    openDatabase,
  });
  return { code, out, err, opened: openDatabase.mock.calls.length > 0 };
}

describe('admin:create on the database of a running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signIn(email: string, password = GOOD_PASSWORD) {
    return call(t.app, 'POST', LOGIN_URL, { username: email, password });
  }

  it('makes an active administrator who signs in through the API and reaches the back office', async () => {
    const email = uniqueEmail('first.admin');
    const phone = uniquePhone();
    const run = await runOn(t, adminArgs(email, localWay(phone)), { env: { ADMIN_PASSWORD: GOOD_PASSWORD } });
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Created the platform company ${PLATFORM_COMPANY_NAME}.`);
    expect(run.out).toContain(`Created the platform administrator Ada Obi <${email}>`);
    expect(run.out).toContain('active, e-mail verified, role_admin');
    expect(run.out).toContain('sign in at https://freightlane.example/signin');
    expect(run.out).not.toContain(GOOD_PASSWORD);

    const user = await findUserByEmail(t.ctx.db, email);
    expect(user).toMatchObject({ userType: 'ADMIN', phoneNumber: phone, deactivatedAt: null });
    expect(user!.activatedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);

    const login = await signIn(email);
    expect(login.status).toBe(200);
    expect(login.body.userType).toBe('ADMIN');
    expect(decodeJwt(login.body.accessToken as string).scope).toEqual({ role_admin: true });
    const token = login.body.accessToken as string;
    expect((await call(t.app, 'GET', '/api/v1/admin/users', undefined, { token })).status).toBe(200);

    // The audit log names the command, not a platform user (there was none), and no secret.
    const log = await call(
      t.app,
      'GET',
      `/api/v1/admin/audit-log?entityId=${user!.id}&action=user.admin_created`,
      undefined,
      { token },
    );
    expect(log.status).toBe(200);
    expect(log.body.content).toHaveLength(1);
    expect(log.body.content[0]).toMatchObject({
      actor: { kind: 'SYSTEM', userId: null },
      company: { id: user!.companyId, name: PLATFORM_COMPANY_NAME },
      entityType: 'user',
      ipAddress: 'command-line',
      data: { userType: 'ADMIN', via: 'command line', systemUser: 'ops', platformCompanyCreated: true },
    });
    expect(JSON.stringify(log.body.content[0])).not.toContain(GOOD_PASSWORD);
  });

  it('puts every later administrator in the same platform company', async () => {
    const first = uniqueEmail('admin.one');
    const second = uniqueEmail('admin.two');
    const env = { ADMIN_PASSWORD: GOOD_PASSWORD };
    expect((await runOn(t, adminArgs(first, uniquePhone()), { env })).code).toBe(0);
    const run = await runOn(t, adminArgs(second, uniquePhone()), { env });
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('Created the platform company');
    const [a, b] = await Promise.all([findUserByEmail(t.ctx.db, first), findUserByEmail(t.ctx.db, second)]);
    expect(b!.companyId).toBe(a!.companyId);
    expect((await signIn(second)).status).toBe(200);
  });

  it('refuses an e-mail already registered, in any case, and changes nothing', async () => {
    const email = uniqueEmail('taken');
    const env = { ADMIN_PASSWORD: GOOD_PASSWORD };
    expect((await runOn(t, adminArgs(email, uniquePhone()), { env })).code).toBe(0);
    const otherPhone = uniquePhone();
    const run = await runOn(t, adminArgs(email.toUpperCase(), otherPhone), {
      env: { ADMIN_PASSWORD: 'Another-Sturdy-2026' },
    });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toContain(`An account with the e-mail ${email} already exists; nothing was changed.`);
    expect(await findUserByPhone(t.ctx.db, otherPhone)).toBeUndefined();
    // The first password still holds; the refused one did not replace it.
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(email, 'Another-Sturdy-2026')).status).toBe(401);
  });

  it('refuses a phone number another account holds', async () => {
    const phone = uniquePhone();
    const env = { ADMIN_PASSWORD: GOOD_PASSWORD };
    expect((await runOn(t, adminArgs(uniqueEmail('phone.one'), phone), { env })).code).toBe(0);
    const email = uniqueEmail('phone.two');
    const run = await runOn(t, adminArgs(email, phone), { env });
    expect(run.code).toBe(1);
    expect(run.err).toContain(`The phone number ${phone} is already registered to another account`);
    expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
  });

  it.each([
    ['too short', 'Sh0rt!', 'Password must be at least 8 characters'],
    ['too long', `${'x'.repeat(129)}`, 'Password must be at most 128 characters'],
    ['common', 'password123', 'This password is too common; choose another one'],
  ])('refuses a weak password (%s) before opening the database', async (_kind, password, message) => {
    const email = uniqueEmail('weak');
    const run = await runOn(t, adminArgs(email, uniquePhone()), { env: { ADMIN_PASSWORD: password } });
    expect(run.code).toBe(1);
    expect(run.err).toBe(`The administrator was not created:\n  password: ${message}\n`);
    expect(run.err).not.toContain(password);
    expect(run.opened).toBe(false);
    expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
  });

  it('names each field that breaks the sign-up rules', async () => {
    const run = await runOn(t, ['--email', 'not-an-email', '--first-name', ' ', '--last-name', 'Obi'], {
      env: { ADMIN_PASSWORD: GOOD_PASSWORD },
    });
    expect(run.code).toBe(2);
    expect(run.err).toContain('Missing --phone');
    const bad = await runOn(t, adminArgs('not-an-email', '0803 12'), {
      env: { ADMIN_PASSWORD: GOOD_PASSWORD },
    });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--email: Enter a valid email address');
    expect(bad.err).toContain('--phone: Enter a Nigerian phone number as +234 followed by 10 digits');
    expect(bad.opened).toBe(false);
  });

  it.each([
    ['--password', A_SECRET],
    [`--password=${A_SECRET}`],
    ['-p', A_SECRET],
    ['--pw', A_SECRET],
    [A_SECRET],
  ])('never takes the password from the arguments: %s', async (...extra) => {
    const email = uniqueEmail('argv');
    const run = await runOn(t, adminArgs(email, uniquePhone(), extra), {
      env: { ADMIN_PASSWORD: GOOD_PASSWORD },
    });
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).not.toContain(A_SECRET);
    expect(run.opened).toBe(false);
    expect(await findUserByEmail(t.ctx.db, email)).toBeUndefined();
  });

  it('says why a password option is refused', async () => {
    const run = await runOn(t, adminArgs(uniqueEmail('argv'), uniquePhone(), [`--password=${A_SECRET}`]));
    expect(run.err).toContain('The password is not taken from the command line');
    expect(run.err).toContain('ADMIN_PASSWORD');
  });

  it('reads the password from the first line of piped input', async () => {
    const email = uniqueEmail('piped');
    const run = await runOn(t, adminArgs(email, uniquePhone()), {
      stdin: Readable.from([`${GOOD_PASSWORD.slice(0, 5)}`, `${GOOD_PASSWORD.slice(5)}\r\n`, 'ignored\n']),
    });
    expect(run.code).toBe(0);
    expect((await signIn(email)).status).toBe(200);
  });

  it('stops with exit status 2 when no password is given at all', async () => {
    const email = uniqueEmail('nopassword');
    const run = await runOn(t, adminArgs(email, uniquePhone()));
    expect(run.code).toBe(2);
    expect(run.err).toContain('No password given. Set ADMIN_PASSWORD');
    expect(run.opened).toBe(false);
  });

  it('asks twice in a terminal without showing what is typed', async () => {
    const email = uniqueEmail('terminal');
    // A mistyped last key removed with Backspace, and an arrow key, which is not part of it.
    const { input, rawModes } = fakeTerminal([`${GOOD_PASSWORD}x\u007f\u001b[A\r`, `${GOOD_PASSWORD}\r`]);
    const run = await runOn(t, adminArgs(email, uniquePhone()), { stdin: input });
    expect(run.code).toBe(0);
    expect(rawModes).toEqual([true, false, true, false]);
    expect(run.err).toBe(`Password for ${email}: \nThe same password again: \n`);
    expect(run.out).not.toContain(GOOD_PASSWORD);
    expect((await signIn(email)).status).toBe(200);
  });

  it('refuses two different passwords typed in a terminal', async () => {
    const email = uniqueEmail('terminal.differ');
    const { input } = fakeTerminal([`${GOOD_PASSWORD}\r`, `${GOOD_PASSWORD}!\r`]);
    const run = await runOn(t, adminArgs(email, uniquePhone()), { stdin: input });
    expect(run.code).toBe(1);
    expect(run.err).toContain('The two passwords differ; nothing was changed.');
    expect(run.opened).toBe(false);
  });

  it('stops on Ctrl-C at the prompt', async () => {
    const { input, rawModes } = fakeTerminal(['Sturdy\u0003']);
    const run = await runOn(t, adminArgs(uniqueEmail('interrupted'), uniquePhone()), { stdin: input });
    expect(run.code).toBe(130);
    expect(rawModes).toEqual([true, false]);
    expect(run.err).toContain('Stopped; nothing was changed.');
  });

  it('prints its usage with --help and refuses unknown options', async () => {
    const help = await runOn(t, ['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('npm run admin:create -- --email');
    expect(help.out).toContain('ADMIN_PASSWORD');
    const unknown = await runOn(t, adminArgs(uniqueEmail('unknown'), uniquePhone(), ['--role=admin']));
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe('Unknown option --role (--help lists the options).\n');
  });
});

/** The compiled command, as the container image runs it: `node apps/api/dist/admin-cli.js`. */
describe('the compiled admin-cli.js', () => {
  let outDir: string;

  beforeAll(() => {
    // Inside apps/api, so the bundle finds its third-party packages in node_modules as apps/api/dist does.
    const cache = path.join(API_DIR, 'node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    outDir = fs.mkdtempSync(path.join(cache, 'admin-cli-'));
    const build = spawnSync(process.execPath, [BUILD_SCRIPT, '--out', outDir], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the API build failed:\n${build.stderr}`);
  });
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  /** Runs it with plain node in a clean environment (no test runner's loader), `input` piped in. */
  function runCompiled(args: string[], env: Record<string, string>, input = '') {
    return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(outDir, 'admin-cli.js'), ...args], {
        env: { PATH: process.env.PATH, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out, err }));
      child.stdin.end(input);
    });
  }

  it('refuses a password among its arguments without opening anything', async () => {
    const run = await runCompiled(
      adminArgs(uniqueEmail('argv'), uniquePhone(), ['--password', A_SECRET]),
      { NODE_ENV: 'test', DATA_DIR: path.join(outDir, 'never-made') },
      `${GOOD_PASSWORD}\n`,
    );
    expect(run.code).toBe(2);
    expect(`${run.out}${run.err}`).not.toContain(A_SECRET);
    expect(fs.existsSync(path.join(outDir, 'never-made'))).toBe(false);
  });

  describe.skipIf(process.env.TEST_DB === 'postgres')('on the embedded database (DATA_DIR)', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightlane-admin-cli-'));
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('migrates an empty folder, makes the administrator, and refuses the same e-mail next time', async () => {
      const email = uniqueEmail('compiled');
      const env = { NODE_ENV: 'test', DATA_DIR: dataDir };
      const made = await runCompiled(adminArgs(email, uniquePhone()), env, `${GOOD_PASSWORD}\n`);
      expect(made.err).toBe('');
      expect(made.code).toBe(0);
      expect(made.out).toContain(`Created the platform administrator Ada Obi <${email}>`);
      expect(made.out).toContain(`on the embedded database in ${path.join(dataDir, 'pglite')}`);

      const again = await runCompiled(adminArgs(email, uniquePhone()), env, `${GOOD_PASSWORD}\n`);
      expect(again.code).toBe(1);
      expect(again.err).toContain(`An account with the e-mail ${email} already exists`);

      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteThread: false });
      try {
        // While this process holds the embedded database, the command leaves it alone.
        const held = await runCompiled(
          adminArgs(uniqueEmail('held'), uniquePhone()),
          env,
          `${GOOD_PASSWORD}\n`,
        );
        expect(held.code).toBe(1);
        expect(held.err).toContain('is open in another process (a running server?); nothing was changed.');
        const user = await findUserByEmail(database.db, email);
        expect(user).toMatchObject({ userType: 'ADMIN' });
        expect(user!.activatedAt).not.toBeNull();
      } finally {
        await database.close();
      }
    });
  });

  describe.skipIf(process.env.TEST_DB !== 'postgres')(
    'on PostgreSQL (DATABASE_URL), as in production',
    () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp();
      });
      afterAll(() => t.close());

      it('makes an administrator who signs in through the API; the same e-mail is refused', async () => {
        const email = uniqueEmail('production');
        const env = {
          NODE_ENV: 'production',
          DATABASE_URL: t.databaseUrl!,
          APP_URL: 'https://freightlane.example',
          JWT_SECRET: randomBytes(32).toString('hex'),
          TRACKING_SECRET_KEY: randomBytes(32).toString('base64'),
          ADMIN_PASSWORD: GOOD_PASSWORD,
        };
        const made = await runCompiled(adminArgs(email, uniquePhone()), env);
        expect(made.err).toBe('');
        expect(made.code).toBe(0);
        expect(made.out).toContain('on the PostgreSQL database of DATABASE_URL');
        expect(made.out).not.toContain(t.databaseUrl!);

        const login = await call(t.app, 'POST', LOGIN_URL, { username: email, password: GOOD_PASSWORD });
        expect(login.status).toBe(200);
        expect(decodeJwt(login.body.accessToken as string).scope).toEqual({ role_admin: true });

        const again = await runCompiled(adminArgs(email, uniquePhone()), env);
        expect(again.code).toBe(1);
        expect(again.err).toContain(`An account with the e-mail ${email} already exists`);
      });
    },
  );
});
