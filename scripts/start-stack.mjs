#!/usr/bin/env node
// `pnpm start`: runs every built service as its own process against DATABASE_URL and REDIS_URL,
// each with its own health port, prefixing their output; stops them all on SIGINT/SIGTERM or
// when any one of them exits.
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

const present = SERVICES.filter(([name]) =>
  existsSync(join(ROOT, 'services', name, 'package.json')),
);
const children = new Map();
let stopping = false;

const stopAll = (code) => {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children.values()) child.kill('SIGTERM');
};

for (const [name, healthPort] of present) {
  const dir = join(ROOT, 'services', name);
  if (!existsSync(join(dir, 'dist', 'main.js'))) {
    console.error(`[start] services/${name} is not built; run \`pnpm build\` first`);
    process.exit(1);
  }
  const start = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.start;
  const args = start.replace(/^node\s+/, '').split(/\s+/);
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
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping the stack`);
      stopAll(1);
    }
    if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
}

console.error(`[start] running: ${present.map(([n, p]) => `${n} (health :${p})`).join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
