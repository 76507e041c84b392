// `npm test`: the type check, the lint and every vitest project, the first two alongside the
// tests rather than before them. The tests spend much of their time waiting (on PostgreSQL, on
// the browser, on the servers they start), so on two cores tsc and eslint fill that time instead
// of adding about two minutes in front of it. Their output is held back and printed after the
// tests' own, under a heading each; the run fails if any of the three fails.
// Arguments go to vitest (`npm test -- --project unit`).
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

/** Runs a command with its output collected: resolves to its exit code and what it printed. */
function collected(label, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
    child.on('error', (e) => output.push(Buffer.from(`${e.message}\n`)));
    child.on('close', (code, signal) => resolve({ label, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, output: Buffer.concat(output).toString('utf8') }));
  });
}

/** Runs a command that prints as it goes. */
function inherited(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (e) => {
      console.error(e.message);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const checks = [
  collected('Type check (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  collected('Lint (eslint)', bin('eslint'), ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/']),
];
const vitest = await inherited(bin('vitest'), ['run', ...process.argv.slice(2)]);
let failed = vitest !== 0;
for (const check of await Promise.all(checks)) {
  console.log(`\n── ${check.label}: ${check.code === 0 ? 'passed' : `FAILED (exit ${check.code})`} in ${check.seconds.toFixed(0)} s`);
  if (check.output.trim()) console.log(check.output.trimEnd());
  if (check.code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
