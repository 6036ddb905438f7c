// Makes a platform administrator on the server's database (run-create-admin.ts; `--help` explains):
//   npm run admin:create -- --email ops@company.ng --first-name Ada --last-name Obi --phone 08031234567
//   node apps/api/dist/admin-cli.js --email ...        (the container image: scripts/build-api.mjs builds it)
import os from 'node:os';
import { openConfiguredDatabase, runCreateAdmin } from './run-create-admin';

/** The account name for the audit log; a container user without a passwd entry is named by its uid. */
function systemUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

const exitCode = await runCreateAdmin({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  systemUser: systemUser(),
  openDatabase: openConfiguredDatabase,
});
// Standard output and error are written synchronously on Linux (files, pipes and terminals), so nothing
// printed is lost; exiting here also ends a PGlite thread or pool timer that would keep the process up.
process.exit(exitCode);
