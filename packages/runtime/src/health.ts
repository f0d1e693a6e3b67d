import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type Check = () => Promise<void>;

/**
 * The readiness checks every queue-worker service runs: PostgreSQL and Redis answer, and each
 * of its workers is running.
 */
export const workerChecks = (deps: {
  pingPostgres: () => Promise<unknown>;
  redis: { ping(): Promise<unknown> };
  workers: readonly { name: string; isRunning(): boolean }[];
}): Record<string, Check> => ({
  postgres: async () => void (await deps.pingPostgres()),
  redis: async () => void (await deps.redis.ping()),
  workers: () => {
    const stopped = deps.workers.filter((w) => !w.isRunning()).map((w) => w.name);
    return stopped.length === 0
      ? Promise.resolve()
      : Promise.reject(new Error(`worker not running: ${stopped.join(', ')}`));
  },
});

export interface HealthServer {
  readonly port: number;
  /** Readiness is false until set; shutdown sets it false first. */
  setReady(ready: boolean): void;
  close(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 2_000;

const runCheck = async (check: Check): Promise<string> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : 'failed';
  } finally {
    clearTimeout(timer);
  }
};

/**
 * `/livez`: the process answers (no dependency checks). `/readyz`: ready flag set and every
 * check passes. `/metrics`: Prometheus text format.
 */
export const startHealthServer = async (options: {
  port: number;
  host?: string;
  checks: Record<string, Check>;
  registry: Registry;
}): Promise<HealthServer> => {
  let ready = false;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, JSON.stringify({ status: 'method not allowed' }));
    if (path === '/livez') return send(200, JSON.stringify({ status: 'ok' }));
    if (path === '/readyz') {
      void (async () => {
        const entries = await Promise.all(
          Object.entries(options.checks).map(
            async ([name, check]) => [name, await runCheck(check)] as const,
          ),
        );
        const checks = Object.fromEntries(entries);
        const ok = ready && entries.every(([, result]) => result === 'ok');
        send(ok ? 200 : 503, JSON.stringify({ status: ok ? 'ok' : 'unavailable', ready, checks }));
      })();
      return;
    }
    if (path === '/metrics') {
      options.registry.metrics().then(
        (text) => send(200, text, options.registry.contentType),
        () => send(500, JSON.stringify({ status: 'metrics failed' })),
      );
      return;
    }
    return send(404, JSON.stringify({ status: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    setReady: (value) => {
      ready = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
