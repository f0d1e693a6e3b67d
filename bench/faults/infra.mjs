// A private PostgreSQL cluster and a private Redis for one bench:faults run, so restarting,
// stopping or flushing them touches nothing else on the machine (the developer's stack, other
// benchmarks, tests). Debian's own binaries (scripts/lib.sh installs them).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import pg from 'pg';

const PG_ROOT = '/usr/lib/postgresql';
const pgBin = (name) => {
  const versions = readdirSync(PG_ROOT).sort((a, b) => Number(a) - Number(b));
  return join(PG_ROOT, versions.at(-1), 'bin', name);
};

/** Runs a PostgreSQL binary as `postgres` when we are root (initdb refuses root). */
const asPostgres = (name, args) =>
  process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', pgBin(name), ...args], { stdio: 'pipe' })
    : execFileSync(pgBin(name), args, { stdio: 'pipe' });

const childPids = (pid) => {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

const canConnect = async (url) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * `initdb` into a new directory and `pg_ctl start` on `port` (trust auth on 127.0.0.1, fsync off:
 * the faults are process faults, not power cuts). `restart('fast' | 'immediate')`,
 * `freeze(ms)` (SIGSTOP of the postmaster and every backend: connections are accepted by the
 * kernel and never answered, as behind a dead network path), `stop()` removes it all.
 */
export const startPostgres = async (port) => {
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  if (process.getuid?.() === 0) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
    execFileSync('chown', ['-R', 'postgres', dir]);
  }
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=400',
    '-c fsync=off',
    '-c synchronous_commit=off',
  ].join(' ');
  const ctl = (...args) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  ctl('-o', options, '-w', 'start');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const postmasterPid = () =>
    Number(execFileSync('head', ['-1', join(data, 'postmaster.pid')], { encoding: 'utf8' }));
  return {
    url,
    restart: async (mode) => {
      ctl('-m', mode, '-w', 'stop');
      ctl('-o', options, '-w', 'start');
      while (!(await canConnect(url))) await sleep(100);
    },
    freeze: async (ms) => {
      const pids = [postmasterPid()];
      pids.push(...childPids(pids[0]));
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      await sleep(ms);
      for (const pid of pids) process.kill(pid, 'SIGCONT');
    },
    stop: () => {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};

/**
 * A `redis-server` child on `port` with append-only persistence (fsync every second).
 * `restart()` shuts it down cleanly and starts it on the same files (the data kept);
 * `restartEmpty()` kills it and starts it on an empty directory, as after a failover to a
 * replica that had nothing.
 */
export const startRedis = async (port) => {
  const dir = mkdtempSync(join(tmpdir(), 'faults-redis-'));
  let child;
  const url = `redis://127.0.0.1:${port}`;
  const launch = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: null,
    });
    probe.on('error', () => undefined); // refused while it starts: the loop retries
    for (let i = 0; i < 200; i++) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        await sleep(50);
      }
    }
    throw new Error('redis-server did not start');
  };
  const exited = () =>
    new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  await launch();
  return {
    url,
    restart: async () => {
      const done = exited();
      child.kill('SIGTERM');
      await done;
      await launch();
    },
    restartEmpty: async () => {
      const done = exited();
      child.kill('SIGKILL');
      await done;
      for (const entry of readdirSync(dir))
        rmSync(join(dir, entry), { recursive: true, force: true });
      await launch();
    },
    stop: async () => {
      const done = exited();
      child.kill('SIGKILL');
      await done;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
