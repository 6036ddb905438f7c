import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { toNigerianE164 } from '@freightlane/domain';
import { ConfigError, loadEnv, type Env } from '../env';
import { AppError } from '../errors';
import { checkPlatformAdminInput, createPlatformAdmin, type PlatformAdminInput } from '../modules/admin';
import { migrateDatabase, openDatabase, type Database } from './client';

export const USAGE = `Creates a platform administrator (role_admin), active and able to sign in at once.

  npm run admin:create -- --email ops@company.ng --first-name Ada --last-name Obi --phone 08031234567
  node apps/api/dist/admin-cli.js --email ... (the same, in the container image or after a build)

Options (all required):
  --email        the administrator's e-mail address, which is their sign-in name
  --first-name   their first name
  --last-name    their last name
  --phone        a Nigerian phone number (0803 123 4567 or +2348031234567), unique like every user's

The password is never an argument (shell history and the process list would keep it). It is read from
the ADMIN_PASSWORD environment variable; without it, asked for twice without showing it when the command
runs in a terminal, or read from the first line of standard input when that is piped. It follows the
sign-up rules: 8 to 128 characters, not a common password.

The database is the server's: DATABASE_URL (PostgreSQL), or the embedded one in DATA_DIR, which only one
process may open at a time (stop the server first). Its migrations run first, so an empty database works.
Run it again to add more administrators.

Exit status: 0 created; 1 refused (e-mail or phone already registered, a field breaking the rules) or
failed; 2 wrong arguments or no password given.
`;

/** Ends the command early with a message for the operator and an exit status. */
export class CommandStop extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CommandStop';
  }
}

/** Standard input as the command reads it: a terminal (raw mode for the hidden prompt) or a pipe. */
export type CommandInput = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

export interface CommandIo {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  stdin: CommandInput;
  stdout: Writable;
  stderr: Writable;
  /** The operating-system account running the command, which the audit log records. */
  systemUser: string;
  openDatabase(env: Env): Promise<Database>;
}

const OPTIONS = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  phone: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type ValueOption = Exclude<keyof typeof OPTIONS, 'help'>;
const VALUE_OPTIONS: readonly ValueOption[] = ['email', 'first-name', 'last-name', 'phone'];

/** The option (or the password) each field of the input comes from, for messages. */
const SOURCE_OF_FIELD: Record<keyof PlatformAdminInput, string> = {
  email: '--email',
  firstName: '--first-name',
  lastName: '--last-name',
  phoneNumber: '--phone',
  password: 'password',
};

/** Any spelling of a password option, with or without a value after `=`. */
const PASSWORD_ARGUMENT = /^--?(password|passwd|pass|pwd|pw)(=|$)/i;
const NO_PASSWORD_ARGUMENTS =
  'The password is not taken from the command line: shell history and the process list would keep it.\n' +
  'Set ADMIN_PASSWORD, pipe it on standard input, or run the command in a terminal to be asked for it.';

type Arguments = { help: true } | { help: false; values: Record<ValueOption, string> };

/**
 * The options, or a refusal that never repeats what was typed: a password put where it does not belong
 * would otherwise land in the terminal's scroll-back and the logs as well.
 */
export function parseArguments(argv: readonly string[]): Arguments {
  if (argv.some((arg) => PASSWORD_ARGUMENT.test(arg))) throw new CommandStop(NO_PASSWORD_ARGUMENTS, 2);
  const { values, tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === 'positional') {
      throw new CommandStop(
        `Unexpected argument in position ${token.index + 1}: the command takes options only (--help lists them).`,
        2,
      );
    }
    if (token.kind === 'option' && !Object.hasOwn(OPTIONS, token.name)) {
      throw new CommandStop(`Unknown option ${token.rawName} (--help lists the options).`, 2);
    }
  }
  if (values.help === true) return { help: true };
  const missing = VALUE_OPTIONS.filter((name) => typeof values[name] !== 'string' || values[name] === '');
  if (missing.length > 0) {
    throw new CommandStop(
      `Missing ${missing.map((name) => `--${name}`).join(', ')} (each needs a value; --help explains them).`,
      2,
    );
  }
  return { help: false, values: values as Record<ValueOption, string> };
}

/**
 * Reads one line from the terminal without showing it: raw mode, so the terminal echoes nothing and
 * the command sees each key (Enter ends, Backspace and Ctrl-U edit, Ctrl-C stops).
 */
function askHidden(input: CommandInput, output: Writable, question: string): Promise<string> {
  const setRawMode = input.setRawMode?.bind(input);
  if (!setRawMode) throw new CommandStop('This terminal cannot hide typing; set ADMIN_PASSWORD instead.', 2);
  output.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (stop?: CommandStop) => {
      input.off('data', onData);
      setRawMode(false);
      input.pause();
      output.write('\n');
      if (stop) reject(stop);
      else resolve(typed);
    };
    const onData = (chunk: string | Buffer) => {
      // Arrow and function keys arrive as escape sequences; they are not part of a password.
      // eslint-disable-next-line no-control-regex -- the escape character is what is matched
      const keys = String(chunk).replace(/\u001b(\[[0-9;?]*[ -/]*[@-~]|.)/g, '');
      for (const key of keys) {
        if (key === '\r' || key === '\n') {
          finish();
          return;
        }
        if (key === '\u0003') {
          finish(new CommandStop('Stopped; nothing was changed.', 130));
          return;
        }
        if (key === '\u0004' && typed === '') {
          finish();
          return;
        }
        if (key === '\u007f' || key === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else if (key === '\u0015') typed = '';
        else if (key >= ' ') typed += key;
      }
    };
    setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}

/** The longest first line read from a pipe; anything longer is no password (the rules stop at 128). */
const PIPED_LINE_LIMIT = 4096;

/** The first line of piped input, without its line ending (`printf '%s\n' "$pw"` and `echo` both fit). */
async function readFirstLine(input: Readable): Promise<string> {
  // A character split between two chunks is put together before it is read.
  const decoder = new StringDecoder('utf8');
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (text.includes('\n') || text.length > PIPED_LINE_LIMIT) break;
  }
  return text.split('\n')[0]!.replace(/\r$/, '');
}

/** ADMIN_PASSWORD first; then a hidden prompt in a terminal, asked twice; then a piped line. */
async function readPassword(io: CommandIo, email: string): Promise<string> {
  const fromEnvironment = io.env.ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  if (io.stdin.isTTY) {
    const first = await askHidden(io.stdin, io.stderr, `Password for ${email}: `);
    if (first === '') throw new CommandStop('No password typed; nothing was changed.', 2);
    const again = await askHidden(io.stdin, io.stderr, 'The same password again: ');
    if (again !== first) throw new CommandStop('The two passwords differ; nothing was changed.', 1);
    return first;
  }
  const piped = await readFirstLine(io.stdin);
  if (piped === '') throw new CommandStop(`No password given. ${NO_PASSWORD_ARGUMENTS.split('\n')[1]}`, 2);
  return piped;
}

/**
 * The server's database, opened as the server opens it. The embedded database lives in one process
 * only: PGlite keeps `postmaster.pid` in its folder while it is open (and removes it on a clean close),
 * and a second process writing beside a running server would damage the files, so the command stops.
 */
export async function openConfiguredDatabase(env: Env): Promise<Database> {
  const pgliteDir = path.join(env.dataDir, 'pglite');
  if (!env.DATABASE_URL && fs.existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new CommandStop(
      `The embedded database in ${pgliteDir} is open in another process (a running server?); nothing was changed.\n` +
        'Stop the server, then run this again. If no server is running, the last one did not stop cleanly: ' +
        'start it and stop it once, then run this again.',
      1,
    );
  }
  return openDatabase({
    url: env.DATABASE_URL,
    pgliteDir,
    poolSize: 2,
    pgliteThread: env.PGLITE_THREAD,
  });
}

function describeRefusal(err: AppError): string {
  if (!err.errors?.length || err.code === 'CONFLICT') return err.message;
  const lines = err.errors.map(
    (e) => `  ${SOURCE_OF_FIELD[e.field as keyof PlatformAdminInput] ?? e.field}: ${e.message}`,
  );
  return `The administrator was not created:\n${lines.join('\n')}`;
}

/** The whole command; resolves to its exit status. Nothing it prints carries the password. */
export async function runCreateAdmin(io: CommandIo): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  try {
    const args = parseArguments(io.argv);
    if (args.help) {
      io.stdout.write(USAGE);
      return 0;
    }
    const env = loadEnv(io.env);
    const { email, phone } = args.values;
    const input: PlatformAdminInput = {
      email,
      firstName: args.values['first-name'],
      lastName: args.values['last-name'],
      phoneNumber: toNigerianE164(phone) ?? phone,
      password: await readPassword(io, email.trim()),
    };
    // Before the database is opened: a field breaking the rules costs no connection or migration.
    checkPlatformAdminInput(input);
    const database = await io.openDatabase(env);
    try {
      await migrateDatabase(database);
      const { user, company, companyCreated } = await createPlatformAdmin(database.db, input, {
        systemUser: io.systemUser,
      });
      const where =
        database.kind === 'postgres'
          ? 'the PostgreSQL database of DATABASE_URL'
          : `the embedded database in ${path.join(env.dataDir, 'pglite')}`;
      if (companyCreated) say(`Created the platform company ${company.name}.`);
      say(
        `Created the platform administrator ${user.firstName} ${user.lastName} <${user.email}> in ${company.name}, ` +
          `on ${where}: active, e-mail verified, role_admin.`,
      );
      say(`They can sign in at ${env.appUrl}/signin.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof CommandStop) {
      complain(err.message);
      return err.exitCode;
    }
    if (err instanceof AppError) {
      complain(describeRefusal(err));
      return 1;
    }
    if (err instanceof ConfigError) {
      complain(err.message);
      return 1;
    }
    complain(`The administrator was not created: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
