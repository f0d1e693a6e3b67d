// bench/publish: pull requests opened per minute against a local GitHub stand-in (every request
// checked against @octokit/openapi, primary rate limit on), with the provider honouring
// GitHub's limits (one write per second per credential, rate-limit answers delay the job), and
// the time from upload to the last pr.opened for a scan with 50 fixable findings, through the
// real services (gateway, sarif-ingest, triage, fixer, pr-publisher as processes). Run with
// `pnpm bench:publish` (tsx resolves the stand-in from the forges package's sources). Needs
// `pnpm build`, local PostgreSQL and Redis.
import { gzipSync } from 'node:zlib';
import { startGithubStandIn } from '@remediation/forges/testing';
import { createSecretBox, parseKey } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { createLocalRepo } from '../../test/e2e/support/git-repo.ts';
import { createBenchDatabase } from '../lib/database.mjs';
import {
  createBenchTenant,
  freePort,
  serviceEnv,
  startService,
  stop,
  upload,
  waitForScan,
} from '../lib/stack.mjs';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 50);
const TOKEN = 'ghp_benchPublishToken0123456789abcdefg';
/** The stand-in's primary limit: requests per window (GitHub: 5,000 per hour for a token). */
const LIMIT = { limit: Number(process.env.BENCH_RATE_LIMIT ?? 400), windowMs: 60_000 };

const session = (i) =>
  `'use strict';\n\nfunction sessionId${i}() {\n  return Math.random().toString(36).slice(2);\n}\n\nmodule.exports = { sessionId${i} };\n`;

const main = async () => {
  const database = await createBenchDatabase();
  const { db, url } = database;
  const files = Object.fromEntries(
    Array.from({ length: FINDINGS }, (_, i) => [`src/session${i}.js`, session(i)]),
  );
  const repo = createLocalRepo(files);
  const gh = await startGithubStandIn({
    owner: 'acme',
    name: 'shop',
    auth: { kind: 'token', token: TOKEN },
    rateLimit: LIMIT,
  });
  gh.store.seed('main', files, [], repo.head());
  const base = serviceEnv(url, 'bench-publish');
  const key = base.SECRETS_ENCRYPTION_KEY;
  const gatewayPort = await freePort();
  const services = [
    await startService('api-gateway', { ...base, PORT: String(gatewayPort), HOST: '127.0.0.1' }),
    await startService('sarif-ingest', base),
    await startService('triage', base),
    await startService('fixer', base),
    await startService('pr-publisher', { ...base, GITHUB_API_URL: gh.apiBaseUrl }),
  ];
  try {
    const tenant = await createBenchTenant(db, url, {
      cloneUrl: repo.url,
      name: 'acme/shop',
      provider: 'github',
      settings: {
        auto_fix: true,
        auto_pr: true,
        draft_prs: false,
        labels: ['security'],
        max_open_prs: 0,
      },
    });
    await saveRepositoryCredentials(db, createSecretBox(parseKey(key)), tenant.repoId, {
      kind: 'token',
      token: TOKEN,
    });
    const sarif = {
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'CodeQL',
              rules: [
                {
                  id: 'js/insecure-randomness',
                  properties: { precision: 'high', 'security-severity': '7.8' },
                },
              ],
            },
          },
          results: Array.from({ length: FINDINGS }, (_, i) => ({
            ruleId: 'js/insecure-randomness',
            ruleIndex: 0,
            message: { text: `Insecure randomness in sessionId${i} (a security context).` },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: `src/session${i}.js` },
                  region: { startLine: 4, startColumn: 10, endLine: 4, endColumn: 23 },
                },
              },
            ],
          })),
        },
      ],
    };
    const { scanId, started } = await upload(
      `http://127.0.0.1:${gatewayPort}`,
      tenant.repoId,
      tenant.token,
      gzipSync(JSON.stringify(sarif)),
      `?commit_sha=${repo.head()}`,
    );
    const startedAt = Date.now() - (performance.now() - started);
    const scan = await waitForScan(db, scanId, (r) => r.state === 'completed');
    const scanDone = Date.now();
    const deadline = Date.now() + 30 * 60_000;
    let opened = [];
    for (;;) {
      opened = await db
        .selectFrom('outbox')
        .select('created_at')
        .where('type', '=', 'pr.opened')
        .orderBy('created_at')
        .execute();
      if (opened.length >= scan.fixes_generated || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const first = opened[0].created_at.getTime();
    const last = opened.at(-1).created_at.getTime();
    const limited = gh.rateLimited;
    console.log(
      `bench/publish: ${FINDINGS} fixable findings, GitHub stand-in with a primary limit of ${LIMIT.limit} requests/min, 2 cores shared by every process`,
    );
    console.table([
      {
        measure: 'upload → scan completed (fixes generated)',
        value: `${((scanDone - startedAt) / 1000).toFixed(1)} s (${scan.fixes_generated} fixes)`,
      },
      {
        measure: 'upload → first pr.opened',
        value: `${((first - startedAt) / 1000).toFixed(1)} s`,
      },
      {
        measure: 'upload → last pr.opened',
        value: `${((last - startedAt) / 1000).toFixed(1)} s (${opened.length} PRs)`,
      },
      {
        measure: 'PRs opened per minute',
        value:
          opened.length > 1 ? ((opened.length - 1) / ((last - first) / 60_000)).toFixed(1) : '—',
      },
      {
        measure: 'API requests / rate-limited answers',
        value: `${gh.requests.length} / ${limited}`,
      },
      { measure: 'OpenAPI violations', value: String(gh.violations.length) },
    ]);
  } finally {
    await Promise.all(services.map(stop));
    await gh.close();
    await database.drop();
    repo.remove();
  }
};

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
