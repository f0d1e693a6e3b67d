import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoPath } from '../repo.js';

/**
 * Helm v3.22.0 built by `ensure_helm` (scripts/lib.sh) into `.tools/bin/helm`: the version the
 * real helm-unittest plugin runs with, so vitest renders the chart with the same Helm.
 */
export const HELM_BIN = repoPath('.tools', 'bin', 'helm');

/** Kubernetes version the chart is rendered for (Capabilities.KubeVersion) and validated against. */
export const KUBE_VERSION = '1.36.0';

export interface HelmResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Why a missing binary is not a plain ENOENT: the tests that render the chart need the Helm that
 * scripts/chart-test.sh installs, and the message says how to get it.
 */
export const missingHelmMessage = (bin: string): string =>
  `Helm not found at ${bin}: run \`bash scripts/chart-test.sh\` (or \`source scripts/lib.sh; ensure_helm\`) to install Helm v3.22.0 into .tools/bin`;

/** Runs helm with `args`; never throws on a non-zero exit (callers read `code` and `stderr`). */
export const runHelm = (
  args: readonly string[],
  timeoutMs = 30_000,
  bin: string = HELM_BIN,
): Promise<HelmResult> => {
  if (!existsSync(bin)) return Promise.reject(new Error(missingHelmMessage(bin)));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
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
};

/**
 * The human-readable part of a failed render: the `fail` message without Helm's
 * "execution error at (file:line:col): " prefix, or the whole error (e.g. a values.schema.json
 * violation) without the leading "Error: ".
 */
export const renderError = (stderr: string): string => {
  const text = stderr.replace(/\n*Use --debug flag to render out invalid YAML\s*$/, '').trim();
  const failed = /execution error at \([^)]*\): ([\s\S]*)$/.exec(text);
  return (failed?.[1] ?? text.replace(/^Error: /, '')).trim();
};
