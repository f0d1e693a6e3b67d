import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '@remediation/db';
import type { Finding, Fix, FixDetail } from '@remediation/contracts';
import { createToken, revokeToken } from '../admin/commands.js';
import { CliError, type CliIo } from '../io.js';
import { apiBase, call, errorOf } from '../upload/api.js';
import { uploadSarif } from '../upload/upload.js';
import { git, prepareCheckout, remoteBranches } from './checkout.js';
import { branchOfFix, demoReport, type DemoFacts } from './report.js';
import { demoScanners, mergeSarif, runScanner } from './scanners.js';

export const DEMO_ORG = 'demo';
export const DEMO_REPO = 'demo/app';

export interface DemoOptions {
  /** The service's base URL (the dashboard's; the API is under /v1). */
  url: string;
  /** Workspace root (scanner configuration, bench ESLint, .tools/bin). */
  root: string;
  /** Where the checkout and the SARIF files go (the same each run). */
  workDir: string;
  timeoutMs: number;
  /** How long to wait for pull request branches after the scan completed. */
  publishTimeoutMs?: number;
  /** Run Semgrep too (bench/rules/semgrep), when installed. */
  semgrep?: boolean;
}

const list = async <T>(base: string, token: string, path: string): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call(
      base,
      token,
      `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (res.status !== 200)
      throw new CliError(`cannot read ${path}: ${res.status} ${errorOf(res).message}`);
    const page = res.body as { data: T[]; has_more?: boolean; next_cursor?: string | null };
    items.push(...page.data);
    cursor = page.has_more ? (page.next_cursor ?? null) : null;
  } while (cursor);
  return items;
};

/**
 * `remediate demo`: scans a checkout of the demo repository with the real scanners, uploads their
 * SARIF as `remediate upload --wait` does, waits for the fix branches, and prints what happened.
 * Uses a repository token of its own (revoked at the end) and the database only to find the
 * demo repository and issue that token. Idempotent: the same code gives the same findings, and
 * a finding that has a fix gets no second one (so no second branch).
 */
export const runDemo = async (db: Db, io: CliIo, options: DemoOptions): Promise<number> => {
  const started = Date.now();
  const repo = await db
    .selectFrom('repositories as r')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .select(['r.id', 'r.clone_url', 'r.default_branch', 'r.provider'])
    .where('o.slug', '=', DEMO_ORG)
    .where('r.name', '=', DEMO_REPO)
    .executeTakeFirst();
  if (!repo)
    throw new CliError(
      `the demo repository ${DEMO_ORG}/${DEMO_REPO} does not exist: run ./scripts/dev.sh first (it creates and seeds it)`,
    );
  const { scanners, skipped } = demoScanners(options.root, io.env, options.semgrep === true);

  const checkoutDir = join(options.workDir, 'checkout');
  const sarifDir = join(options.workDir, 'sarif');
  await mkdir(sarifDir, { recursive: true });
  const { commit } = await prepareCheckout(repo.clone_url, repo.default_branch, checkoutDir);
  io.err(
    `remediate demo: scanning ${DEMO_REPO} at ${commit.slice(0, 12)} with ${scanners.map((s) => s.name).join(', ')}`,
  );
  const logs = [];
  for (const scanner of scanners)
    logs.push(
      await runScanner(
        scanner,
        checkoutDir,
        join(sarifDir, `${scanner.name.toLowerCase()}.sarif`),
        io.env,
      ),
    );
  const file = join(sarifDir, 'scan.sarif');
  await writeFile(file, JSON.stringify(mergeSarif(logs)));
  const scannedMs = Date.now() - started;

  const issued = await createToken(db, {
    org: DEMO_ORG,
    name: `remediate-demo-${Date.now()}`,
    repo: repo.id,
  });
  try {
    const env = { ...io.env, REMEDIATE_URL: options.url, REMEDIATE_TOKEN: issued.token };
    const outcome = await uploadSarif(
      { ...io, env },
      {
        file,
        repo: repo.id,
        wait: true,
        timeoutMs: options.timeoutMs,
        json: false,
        cwd: checkoutDir,
      },
    );
    const scan = outcome.scan!;
    if (scan.state === 'failed')
      throw new CliError(`scan ${scan.scan_id} failed: ${scan.error ?? 'no reason given'}`);
    const base = apiBase(options.url);
    const token = issued.token;
    const findings = await list<Finding>(
      base,
      token,
      `/repositories/${repo.id}/findings?scan_id=${scan.scan_id}`,
    );
    const settings = (await call(base, token, `/repositories/${repo.id}`)).body as {
      settings?: { auto_pr?: boolean };
    };
    const autoPr = settings.settings?.auto_pr === true;
    const fixIds = new Set(findings.flatMap((f) => (f.fix_id ? [f.fix_id] : [])));
    // pr-publisher pushes after the scan completed: wait for each generated fix's branch.
    const deadline = Date.now() + (options.publishTimeoutMs ?? 60_000);
    let fixes: Fix[];
    for (;;) {
      fixes = (await list<Fix>(base, token, `/repositories/${repo.id}/fixes`)).filter((f) =>
        fixIds.has(f.id),
      );
      if (!autoPr || !fixes.some((f) => f.status === 'generated') || Date.now() > deadline) break;
      await sleep(500);
    }
    const prefix = io.env['PR_BRANCH_PREFIX'] ?? 'remediate/';
    const branches = await remoteBranches(repo.clone_url, prefix, checkoutDir);
    const shown =
      fixes.find((f) => f.status === 'pr_open' && branchOfFix(f, branches)) ??
      fixes.find((f) => f.status === 'generated' || f.status === 'pr_open');
    const shownDetail = shown
      ? ((await call(base, token, `/fixes/${shown.id}`)).body as FixDetail)
      : undefined;
    const shownBranch = shown ? branchOfFix(shown, branches) : undefined;
    let log: string | undefined;
    if (shownBranch) {
      await git(checkoutDir, 'fetch', '-q', '--no-tags', 'origin', shownBranch);
      log = await git(checkoutDir, 'log', '-1', '--stat', '--format=medium', 'FETCH_HEAD');
    }
    const code = new Map<string, string>();
    for (const f of findings) {
      const line = f.location?.start_line;
      if (!f.location || !line || code.has(`${f.location.uri}:${line}`)) continue;
      const text = await readFile(join(checkoutDir, f.location.uri), 'utf8').catch(() => undefined);
      const at = text?.split('\n')[line - 1];
      if (at !== undefined) code.set(`${f.location.uri}:${line}`, at);
    }
    const facts: DemoFacts = {
      code,
      repository: DEMO_REPO,
      repositoryId: repo.id,
      remote: repo.clone_url,
      commit,
      scanners: scanners.map((s) => s.name),
      skipped,
      scan,
      findings,
      fixes,
      autoPr,
      branches,
      shownFix: shownDetail,
      shownBranch,
      log,
      dashboard: options.url.replace(/\/+$/, '').replace(/\/v1$/, ''),
      scannedMs,
      totalMs: Date.now() - started,
    };
    for (const line of demoReport(facts)) io.out(line);
    return 0;
  } finally {
    await revokeToken(db, { id: issued.id });
  }
};
