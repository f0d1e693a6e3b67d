import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const INSTRUMENT = fileURLToPath(new URL('./fixtures/instrument.mjs', import.meta.url));
const APP = fileURLToPath(new URL('./fixtures/http-app.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/telemetry.js', import.meta.url));

let receiver: Server | undefined;
afterEach(() => receiver?.close());

/** A local OTLP/HTTP receiver recording which signal paths were posted to. */
const startReceiver = async () => {
  const posts: string[] = [];
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`, posts };
};

const runApp = (env: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', INSTRUMENT, APP], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', reject);
  });

describe('telemetry', () => {
  it('when an OTLP endpoint is configured, then an instrumented HTTP call exports traces and metrics to it', async () => {
    if (!existsSync(DIST)) throw new Error('packages/runtime is not built: run `pnpm build` first');
    const otlp = await startReceiver();
    const code = await runApp({ OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url });
    expect(code).toBe(0);
    expect(otlp.posts).toContain('/v1/traces');
    expect(otlp.posts).toContain('/v1/metrics');
  });

  it('when no endpoint is configured, then telemetry stays off and nothing is sent', async () => {
    const otlp = await startReceiver();
    const code = await runApp({ OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(code).toBe(0);
    expect(otlp.posts).toEqual([]);
  });
});
