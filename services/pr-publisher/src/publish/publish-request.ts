import type { PublishRequest } from '@remediation/forges';
import { branchName, commitMessage, prBody } from './pr-content.js';
import type { FixToPublish } from './publish.repository.js';
import type { RebasedFile } from './rebase.js';

/**
 * What the provider is asked to publish for a fix: one commit with `files` on `baseSha` and the
 * PR that shows it. The same for a first publish and a refresh after another fix was merged,
 * so a refresh whose content did not change finds the branch as it is (decision 0020).
 */
export const publishRequest = (
  item: FixToPublish,
  settings: { author: { name: string; email: string }; branchPrefix: string; publicUrl: string },
  target: { baseSha: string; files: RebasedFile[]; notes: string[] },
): PublishRequest => {
  const findings = item.findings.map((f) => ({
    id: f.id,
    tool: f.tool,
    ruleId: f.rule_id,
    severity: f.severity,
    uri: f.uri,
    startLine: f.start_line,
    message: f.message,
    cwe: Array.isArray(f.rule['cwe']) ? (f.rule['cwe'] as string[]) : [],
  }));
  const fix = {
    id: item.fix.id,
    codemod: item.fix.codemod,
    summary: item.fix.summary,
    rationale: item.fix.rationale,
    evaluation: item.fix.evaluation,
    filesChanged: item.fix.files_changed,
  };
  return {
    branch: branchName(settings.branchPrefix, fix),
    baseBranch: item.repository.defaultBranch,
    baseSha: target.baseSha,
    commit: {
      message: commitMessage(fix, findings),
      author: settings.author,
      files: target.files,
    },
    pr: {
      title: fix.summary,
      body: prBody(
        fix,
        findings,
        {
          findingUrl: (id) => `${settings.publicUrl}/v1/findings/${id}`,
          fixUrl: `${settings.publicUrl}/v1/fixes/${fix.id}`,
        },
        target.notes,
      ),
      labels: item.repository.settings.labels,
      reviewers: item.repository.settings.reviewers,
      draft: item.repository.settings.draft_prs,
    },
  };
};
