import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ScanWarning } from '@remediation/contracts';
import { CliError, usageError, type CliIo } from '../io.js';
import { apiBase, call, errorOf, type ApiResponse } from './api.js';
import { readCheckout } from './git.js';

const gzipAsync = promisify(gzip);
const COMMIT = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 10_000;

export interface UploadOptions {
  file: string;
  repo: string;
  commit?: string | undefined;
  ref?: string | undefined;
  wait: boolean;
  timeoutMs: number;
  json: boolean;
  cwd: string;
  /** Polling interval bounds (tests shorten them). */
  pollMs?: { first: number; max: number };
}

export interface ScanView {
  scan_id: string;
  state: string;
  findings_count: number;
  fixes_generated: number;
  error: string | null;
  warnings: ScanWarning[];
  warnings_count: number;
  tools: string[];
}

/** One line per warning, and how many more the scan counted than it lists. */
const warningLines = (scan: Pick<ScanView, 'warnings' | 'warnings_count'>): string[] => [
  ...scan.warnings.map((w) => `warning: ${w.path || '(document)'}: ${w.message} [${w.action}]`),
  ...(scan.warnings_count > scan.warnings.length
    ? [
        `warning: … and ${scan.warnings_count - scan.warnings.length} more (the scan lists the first ${scan.warnings.length})`,
      ]
    : []),
];

const rejected = (what: string, res: ApiResponse): CliError => {
  const e = errorOf(res);
  const problems = (e.problems ?? [])
    .slice(0, 20)
    .map((p) => `\n  ${p.path}: ${p.message}`)
    .join('');
  return new CliError(`${what}: ${res.status} ${e.code}: ${e.message}${problems}`);
};

/** What an upload came to: the accepted scan and, when waited for, its final state. */
export interface UploadOutcome {
  scanId: string;
  state: string;
  warningsCount: number;
  /** The scan's API URL. */
  link: string;
  /** The scan as last read: set when the upload waited (`completed` or `failed`). */
  scan?: ScanView;
}

/**
 * Sends a SARIF document the way `remediate upload` does: gzipped, with the checkout root
 * (`checkout_uri`), commit and ref of the git repository it runs in unless told otherwise, and
 * with `wait` polls the scan (backing off to every 10 s) until it is `completed` or `failed`.
 * Throws a CliError when the document is refused or the wait times out.
 */
export const uploadSarif = async (io: CliIo, options: UploadOptions): Promise<UploadOutcome> => {
  const url = io.env['REMEDIATE_URL'];
  const token = io.env['REMEDIATE_TOKEN'];
  if (!url)
    throw usageError(
      'REMEDIATE_URL is not set (the service URL, e.g. https://remediation.example.com)',
    );
  if (!token) throw usageError('REMEDIATE_TOKEN is not set (an API token for the repository)');
  if (options.commit !== undefined && !COMMIT.test(options.commit)) {
    throw usageError('--commit must be a full 40- or 64-character lower-case hex commit SHA');
  }
  let content: Buffer;
  try {
    content = await readFile(resolve(options.cwd, options.file));
  } catch (err) {
    throw new CliError(
      `cannot read ${options.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      2,
    );
  }
  const checkout = await readCheckout(options.cwd);
  if (!checkout.checkoutUri) {
    io.err(
      'remediate: not in a git checkout; absolute file paths in the SARIF will be reported as invalid_uri',
    );
  }
  const commit = options.commit ?? checkout.commitSha;
  const ref = options.ref ?? checkout.ref;
  const query = new URLSearchParams({
    ...(commit ? { commit_sha: commit } : {}),
    ...(ref ? { ref } : {}),
    ...(checkout.checkoutUri ? { checkout_uri: checkout.checkoutUri } : {}),
  });
  // Same document, repository, commit and ref = same scan: a retried CI step does not scan twice.
  const key = createHash('sha256')
    .update(content)
    .update(`\u0000${options.repo}\u0000${commit ?? ''}\u0000${ref ?? ''}`)
    .digest('hex');
  const base = apiBase(url);
  const repoPath = `/repositories/${encodeURIComponent(options.repo)}`;
  const res = await call(base, token, `${repoPath}/sarif?${query.toString()}`, {
    method: 'POST',
    body: await gzipAsync(content),
    headers: {
      'Content-Type': 'application/sarif+json',
      'Content-Encoding': 'gzip',
      'Idempotency-Key': `remediate-upload-${key.slice(0, 48)}`,
    },
  });
  if (res.status !== 202) throw rejected('upload rejected', res);
  const accepted = res.body as { scan_id: string; state: string; warnings_count: number };
  const outcome: UploadOutcome = {
    scanId: accepted.scan_id,
    state: accepted.state,
    warningsCount: accepted.warnings_count,
    link: `${base}${repoPath}/scans/${accepted.scan_id}`,
  };
  if (!options.wait) return outcome;
  if (!options.json) io.err(`remediate: uploaded; waiting for scan ${accepted.scan_id}`);

  const deadline = Date.now() + options.timeoutMs;
  let delay = options.pollMs?.first ?? FIRST_POLL_MS;
  for (;;) {
    const poll = await call(base, token, `${repoPath}/scans/${accepted.scan_id}`);
    if (poll.status !== 200) throw rejected('cannot read the scan', poll);
    const scan = poll.body as ScanView;
    if (scan.state === 'completed' || scan.state === 'failed') {
      return { ...outcome, state: scan.state, scan };
    }
    if (Date.now() + delay > deadline) {
      throw new CliError(
        `scan ${accepted.scan_id} is still ${scan.state} after the ${Math.round(options.timeoutMs / 1000)} s timeout\n${outcome.link}`,
      );
    }
    await sleep(delay);
    delay = Math.min(Math.round(delay * 1.5), options.pollMs?.max ?? MAX_POLL_MS);
  }
};

/** `remediate upload`: `uploadSarif`, printed for CI logs (or as one JSON object). */
export const upload = async (io: CliIo, options: UploadOptions): Promise<number> => {
  const outcome = await uploadSarif(io, options);
  const { scan, link } = outcome;
  if (!scan) {
    // The document was repaired on the way in: say what was dropped or marked, as CI output.
    const repairs =
      outcome.warningsCount > 0 && !options.json
        ? await call(
            apiBase(io.env['REMEDIATE_URL']!),
            io.env['REMEDIATE_TOKEN']!,
            `/repositories/${encodeURIComponent(options.repo)}/scans/${outcome.scanId}`,
          )
        : undefined;
    io.out(
      options.json
        ? JSON.stringify({
            scan_id: outcome.scanId,
            state: outcome.state,
            warnings_count: outcome.warningsCount,
            url: link,
          })
        : [
            `uploaded: scan ${outcome.scanId} is ${outcome.state}`,
            ...(repairs?.status === 200 ? warningLines(repairs.body as ScanView) : []),
            link,
          ].join('\n'),
    );
    return 0;
  }
  const failed = scan.state === 'failed';
  io.out(
    options.json
      ? JSON.stringify({ ...scan, url: link })
      : [
          `scan ${scan.scan_id} ${scan.state}: ${scan.findings_count} findings, ${scan.fixes_generated} fixes generated${scan.tools.length ? ` (${scan.tools.join(', ')})` : ''}`,
          ...(failed && scan.error ? [`error: ${scan.error}`] : []),
          ...warningLines(scan),
          link,
        ].join('\n'),
  );
  return failed ? 1 : 0;
};
