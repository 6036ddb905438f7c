// `npm test` of the browser journeys: the two parts of playwright.config.ts at once, each on ports,
// servers and a database of its own, every line of output marked with its part. Arguments go to both
// (a file filter picks from each part what it holds). E2E_PARTS=1 runs everything in one Playwright.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

// With a file filter, a part that holds none of the files has nothing to run, which is no failure.
const args = process.argv.length > 2 ? [...process.argv.slice(2), '--pass-with-no-tests'] : [];
const basePort = Number(process.env.E2E_PORT ?? 3107);

function runPart(part, port) {
  return new Promise((resolve) => {
    const env = { ...process.env, E2E_PORT: String(port) };
    if (part) env.E2E_PART = part;
    const child = spawn('npx', ['playwright', 'test', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const label = part ? `[part ${part}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.info(label + line));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes =
  process.env.E2E_PARTS === '1'
    ? [await runPart(undefined, basePort)]
    : // A hundred ports apart: each part uses its port, the next one (tracking) and +20, +21 (mail).
      await Promise.all([runPart('1', basePort), runPart('2', basePort + 100)]);
const failed = codes.some((code) => code !== 0);
if (failed) console.error(`browser journeys failed (exit codes by part: ${codes.join(', ')})`);
process.exit(failed ? 1 : 0);
