import { execFileSync } from 'node:child_process';
import { unifiedDiff } from '@remediation/codemods';
import { newId } from '@remediation/db';
import type { LocalRepo } from '../../../test/e2e/support/git-repo.js';
import { insertIngestedScan, insertTenant } from '../../../test/e2e/support/tenant.js';
import type { Harness } from './harness.js';

/** git as a reviewer would run it (merges, pushes), with a fixed identity. */
export const reviewerGit = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=reviewer', '-c', 'user.email=r@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

/**
 * A repository (`git` provider, `auto_pr`) with one `generated` fix per entry of `fixes` (its
 * files' new contents) made on the repository's head from `base`, each for one finding of its
 * own scan (held by the fix, `fix_id`, when `held`, as the fixer leaves it). Returns the fix ids
 * by name.
 */
export const seedFixes = async (
  h: Harness,
  repo: LocalRepo,
  base: Record<string, string>,
  fixes: Record<string, Record<string, string>>,
  finding: { tool: string; startLine: number; held?: boolean },
): Promise<Record<string, string>> => {
  const tenant = await insertTenant(h.db, repo.url, { auto_pr: true });
  await h.db
    .updateTable('repositories')
    .set({ provider: 'git' })
    .where('id', '=', tenant.repoId)
    .execute();
  const ids: Record<string, string> = {};
  for (const [name, files] of Object.entries(fixes)) {
    const { scanId, findingIds } = await insertIngestedScan(h.db, tenant, repo.head(), [
      {
        ruleId: name,
        uri: Object.keys(files)[0]!,
        message: name,
        tool: finding.tool,
        startLine: finding.startLine,
      },
    ]);
    const id = newId();
    ids[name] = id;
    await h.db
      .insertInto('fixes')
      .values({
        id,
        repository_id: tenant.repoId,
        scan_id: scanId,
        finding_ids: findingIds,
        codemod: `remediate:test/${name}`,
        status: 'generated',
        summary: `Fix ${name}`,
        files_changed: Object.keys(files).length,
        diff: unifiedDiff(
          Object.entries(files).map(([path, after]) => ({
            path,
            before: base[path]!,
            after,
            changes: [],
          })),
        ),
        rationale: 'test',
        evaluation: JSON.stringify({ ok: true, checks: {} }),
      })
      .execute();
    if (finding.held)
      await h.db
        .updateTable('findings')
        .set({ fix_id: id })
        .where('id', 'in', findingIds)
        .execute();
  }
  return ids;
};
