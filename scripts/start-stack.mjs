#!/usr/bin/env node
// `pnpm start`: runs every built service as its own process against DATABASE_URL and REDIS_URL,
// each with its own health port, prefixing their output. A service that exits on its own is
// started again after a back-off (1 s doubling to 30 s, reset once it has run for a minute), as
// Kubernetes restarts a crashed container: one crash never takes the other services down.
// SIGINT/SIGTERM stop them all.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = new URL('..', import.meta.url).pathname;
/** The fixed list of deployables and their local health ports. */
const SERVICES = [
  ['api-gateway', 9464],
  ['sarif-ingest', 9465],
  ['triage', 9466],
  ['fixer', 9467],
  ['pr-publisher', 9468],
  ['webhook-dispatcher', 9469],
];
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

const present = SERVICES.filter(([name]) =>
  existsSync(join(ROOT, 'services', name, 'package.json')),
);
for (const [name] of present) {
  if (!existsSync(join(ROOT, 'services', name, 'dist', 'main.js'))) {
    console.error(`[start] services/${name} is not built; run \`pnpm build\` first`);
    process.exit(1);
  }
}

const children = new Map();
const timers = new Set();
let stopping = false;

const exitWhenDone = () => {
  if (stopping && children.size === 0) process.exit(process.exitCode ?? 0);
};

const run = (name, healthPort, delayMs) => {
  const dir = join(ROOT, 'services', name);
  const start = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.start;
  const args = start.replace(/^node\s+/, '').split(/\s+/);
  const startedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, HEALTH_PORT: String(healthPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) =>
      process.stdout.write(`[${name}] ${line}\n`),
    );
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return exitWhenDone();
    const ranMs = Date.now() - startedAt;
    const next = ranMs >= STABLE_AFTER_MS ? FIRST_DELAY_MS : delayMs;
    console.error(
      `[start] ${name} exited (${signal ?? `code ${code}`}) after ${Math.round(ranMs / 1000)} s; restarting in ${next / 1000} s`,
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      run(name, healthPort, Math.min(next * 2, MAX_DELAY_MS));
    }, next);
    timers.add(timer);
  });
};

for (const [name, healthPort] of present) run(name, healthPort, FIRST_DELAY_MS);

console.error(`[start] running: ${present.map(([n, p]) => `${n} (health :${p})`).join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    for (const child of children.values()) child.kill('SIGTERM');
    exitWhenDone();
  });
}
