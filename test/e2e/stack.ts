import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A port nothing listens on right now. */
export const freePort = async (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type ServiceName =
  'api-gateway' | 'sarif-ingest' | 'triage' | 'fixer' | 'pr-publisher' | 'webhook-dispatcher';

export interface Stack {
  /** The gateway's base URL (without /v1). */
  url: string;
  prefix: string;
  /** The stack's SECRETS_ENCRYPTION_KEY (for sealing repository credentials in tests). */
  secretsKey: string;
  start(name: ServiceName, env?: Record<string, string>): Promise<void>;
  kill(name: ServiceName, signal?: NodeJS.Signals): Promise<void>;
  /** Recent output of a service, for failure messages. */
  output(name: ServiceName): string;
  /** Base URL of a running service's health server (/livez, /readyz, /metrics). */
  healthUrl(name: ServiceName): string;
  stop(): Promise<void>;
}

const waitReady = async (port: number, child: ChildProcess, name: string, log: () => string) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not ready after 30 s:\n${log()}`);
};

/**
 * Runs the built services (`pnpm build` first) as separate processes, as in production,
 * against a test database and a private queue prefix.
 */
export const startStack = async (databaseUrl: string): Promise<Stack> => {
  const prefix = `e2e-${randomBytes(6).toString('hex')}`;
  const gatewayPort = await freePort();
  const children = new Map<ServiceName, ChildProcess>();
  const logs = new Map<ServiceName, string[]>();
  const healthPorts = new Map<ServiceName, number>();
  const secretsKey = randomBytes(32).toString('base64');
  const base = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    SECRETS_ENCRYPTION_KEY: secretsKey,
    // Test repositories are local bare repositories (file:// clone URLs).
    GIT_ALLOWED_PROTOCOLS: 'file,https',
    GIT_MIRROR_DIR: mkdtempSync(join(tmpdir(), `${prefix}-mirrors-`)),
  };
  const stack: Stack = {
    url: `http://127.0.0.1:${gatewayPort}`,
    prefix,
    secretsKey,
    start: async (name, env = {}) => {
      const dir = `${ROOT}services/${name}`;
      const start = (
        JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as {
          scripts: { start: string };
        }
      ).scripts.start;
      const healthPort = await freePort();
      healthPorts.set(name, healthPort);
      const child = spawn(process.execPath, start.replace(/^node\s+/, '').split(/\s+/), {
        cwd: dir,
        env: {
          ...base,
          HEALTH_PORT: String(healthPort),
          ...(name === 'api-gateway' ? { PORT: String(gatewayPort), HOST: '127.0.0.1' } : {}),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: string[] = [];
      logs.set(name, lines);
      for (const s of [child.stdout, child.stderr]) {
        s?.on('data', (d: Buffer) => {
          lines.push(d.toString());
          if (lines.length > 200) lines.shift();
        });
      }
      children.set(name, child);
      await waitReady(healthPort, child, name, () => lines.join(''));
    },
    kill: async (name, signal = 'SIGTERM') => {
      const child = children.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      children.delete(name);
    },
    output: (name) => (logs.get(name) ?? []).join(''),
    healthUrl: (name) => `http://127.0.0.1:${healthPorts.get(name)}`,
    stop: async () => {
      await Promise.all([...children.keys()].map((n) => stack.kill(n)));
    },
  };
  return stack;
};
