// `npm test`: every suite in turn. Under CI=true a missing PostgreSQL or Chromium fails the run.
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) => {
  console.info(`\n▶ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['vitest', 'run', '--project', 'domain', '--project', 'web', '--project', 'lint']);
run('node', ['scripts/test-api.mjs']);
run('npm', ['run', 'test:e2e']);
