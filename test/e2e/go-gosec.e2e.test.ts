import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@remediation/db/testing';
import { startGithubStandIn, type GithubStandIn } from '@remediation/forges/testing';
import { createSecretBox, parseKey } from '@remediation/security';
import { saveRepositoryCredentials } from '@remediation/source-access';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api.js';
import { startStack, type Stack } from './stack.js';
import { createLocalRepo, type LocalRepo } from './support/git-repo.js';
import { createTenant } from './tenant.js';

const TOKEN = 'ghp_e2eGoToken0123456789abcdefghijkl';
/** The pinned gosec scripts/lib.sh installs (`ensure_gosec`; scripts/test.sh calls it). */
const GOSEC = join(import.meta.dirname, '..', '..', '.tools', 'bin', 'gosec');

// A small Go service as a team writes it: gofmt layout, grouped imports, its own package.
const FILES: Record<string, string> = {
  'go.mod': 'module example.com/inventory\n\ngo 1.24.0\n',
  'cmd/inventory/main.go': `// Command inventory serves the stock levels.
package main

import (
	"log"
	"net/http"
	"os"

	"example.com/inventory/internal/stock"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("/stock", stock.Handler)
	addr := ":" + os.Getenv("PORT")
	log.Printf("listening on %s", addr)
	log.Fatal(http.ListenAndServe(addr, mux))
}
`,
  'internal/stock/stock.go': `// Package stock answers stock queries.
package stock

import (
	"encoding/json"
	"net/http"
)

// Handler writes the stock level of the item named by the "sku" query parameter.
func Handler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"sku": r.URL.Query().Get("sku"), "level": 3})
}
`,
};

const run = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '' },
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
};

const writeTree = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'go-e2e-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
};

/** gosec's own SARIF for a module checked out in `dir` (gosec exits 1 when it reports issues). */
const gosecSarif = (dir: string): { runs: { results: { ruleId: string }[] }[] } => {
  const out = join(dir, '..', `${Date.now()}-gosec.sarif`);
  const r = run(GOSEC, ['-quiet', '-fmt', 'sarif', '-out', out, './...'], dir);
  if (!existsSync(out)) throw new Error(`gosec wrote no SARIF (${r.status}): ${r.output}`);
  const sarif = JSON.parse(readFileSync(out, 'utf8')) as {
    runs: { results: { ruleId: string }[] }[];
  };
  rmSync(out, { force: true });
  return sarif;
};

let database: TestDatabase;
let stack: Stack;
let gh: GithubStandIn;
let repo: LocalRepo;
const dirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack(database.url);
  gh = await startGithubStandIn({
    owner: 'acme',
    name: 'inventory',
    auth: { kind: 'token', token: TOKEN },
  });
  repo = createLocalRepo(FILES);
  gh.store.seed('main', FILES, [], repo.head());
  await stack.start('api-gateway');
  await stack.start('sarif-ingest');
  await stack.start('triage');
  await stack.start('fixer');
  await stack.start('pr-publisher', { GITHUB_API_URL: gh.apiBaseUrl });
});
afterAll(async () => {
  await stack?.stop();
  await gh?.close();
  repo?.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await database?.destroy();
});

it("when real gosec output for a Go repository is uploaded, then the pull request's branch is gofmt-clean, vets, builds and gosec no longer reports the finding", async () => {
  const { repoId, token } = await createTenant(database.db, database.url, 'go', repo.url);
  await database.db
    .updateTable('repositories')
    .set({
      provider: 'github',
      name: 'acme/inventory',
      settings: JSON.stringify({ auto_fix: true, auto_pr: true, draft_prs: false }),
    })
    .where('id', '=', repoId)
    .execute();
  await saveRepositoryCredentials(
    database.db,
    createSecretBox(parseKey(stack.secretsKey)),
    repoId,
    { kind: 'token', token: TOKEN },
  );

  const scanned = writeTree(FILES);
  dirs.push(scanned);
  const sarif = gosecSarif(scanned);
  const rules = sarif.runs.flatMap((r) => r.results.map((x) => x.ruleId));
  expect(rules).toContain('G114');

  const client = api(stack.url, token);
  const res = await client.upload(
    repoId,
    Buffer.from(JSON.stringify(sarif)),
    {},
    `?commit_sha=${repo.head()}`,
  );
  expect(res.status).toBe(202);
  const scan = await client.waitForScan(repoId, res.body.scan_id, 60_000);
  expect(scan).toMatchObject({ state: 'completed' });

  let fix: { id: string; status: string; codemod: string } | undefined;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const list = await client.call<{ data: { id: string; status: string; codemod: string }[] }>(
      'GET',
      `/repositories/${repoId}/fixes`,
    );
    fix = list.body.data.find((f) => f.codemod === 'remediate:go/http-serve-timeouts');
    if (fix?.status === 'pr_open') break;
    if (Date.now() > deadline)
      throw new Error(
        `no PR: ${JSON.stringify(list.body.data)} ${stack.output('fixer')} ${stack.output('pr-publisher')}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
  const pull = gh.pulls.at(-1)!;
  const head = Object.fromEntries(
    Object.keys(FILES).map((path) => [path, gh.store.fileAt(pull.headSha, path)?.content ?? '']),
  );
  expect(head['cmd/inventory/main.go']).toContain(
    '(&http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}).ListenAndServe()',
  );
  expect(gh.violations).toEqual([]);

  // The branch as a reviewer's CI would check it: gofmt, go vet, go build, and gosec again.
  const branch = writeTree(head);
  dirs.push(branch);
  expect(run('gofmt', ['-l', '.'], branch).output.trim()).toBe('');
  const vet = run('go', ['vet', './...'], branch);
  expect(vet.output).toBe('');
  expect(vet.status).toBe(0);
  const build = run('go', ['build', './...'], branch);
  expect(build.output).toBe('');
  expect(build.status).toBe(0);
  const after = gosecSarif(branch).runs.flatMap((r) => r.results.map((x) => x.ruleId));
  expect(after).not.toContain('G114');
  for (const rule of after) expect(rules).toContain(rule);
});
