import { unifiedDiff } from '@remediation/codemods';
import type { FixRecord } from './fix.writer.js';
import type { FixFinding, GroupOutcome } from './generate.js';
import { rationale, summarize } from './rationale.js';

/**
 * The fix to store for a group's outcome: `generated` when every applied fix passed its checks
 * and the net diff applies to the commit (`applyError` null); `failed`, with the failed checks
 * and the candidate diff, when a codemod's candidate was rejected or the diff does not apply;
 * none when nothing was attempted.
 */
export const toFixRecord = (
  outcome: GroupOutcome,
  findings: readonly FixFinding[],
  applyError: string | null,
): FixRecord | undefined => {
  const byId = new Map(findings.map((f) => [f.id, f]));
  const tool = findings[0]?.tool ?? '';
  const perFinding = outcome.applied.map((a) => ({
    finding_id: a.findingId,
    codemod: a.codemod,
    parses: a.evaluation.parses,
    pattern_gone: a.evaluation.patternGone,
    idempotent: a.evaluation.idempotent,
    diff_local: a.evaluation.diffLocal,
    ...(a.evaluation.behaviourChange ? { behaviour_change: a.evaluation.behaviourChange } : {}),
  }));
  if (outcome.applied.length > 0) {
    const codemods = [...new Set(outcome.applied.map((a) => a.codemod))];
    const ok = applyError === null;
    return {
      status: ok ? 'generated' : 'failed',
      findingIds: outcome.applied.map((a) => a.findingId).sort(),
      codemod: codemods.join('+'),
      summary: ok
        ? summarize(outcome, byId)
        : `Not applicable to the scanned commit: ${applyError}`,
      diff: unifiedDiff(outcome.files),
      rationale: rationale(outcome, byId),
      filesChanged: outcome.files.length,
      evaluation: {
        ok,
        checks: {
          parses: true,
          pattern_gone: true,
          idempotent: true,
          diff_local: true,
          git_apply: ok,
        },
        findings: perFinding,
        rejected: outcome.rejected.map((r) => ({
          finding_id: r.findingId,
          codemod: r.codemod,
          failures: r.evaluation.failures,
        })),
        ...(ok ? {} : { git_apply_error: applyError }),
      },
      detectionTool: tool,
    };
  }
  const [first] = outcome.rejected;
  if (!first) return undefined;
  return {
    status: 'failed',
    findingIds: [...new Set(outcome.rejected.map((r) => r.findingId))].sort(),
    codemod: first.codemod,
    summary: `Candidate rejected: failed ${first.evaluation.failures.map((f) => f.check).join(', ')}`,
    diff: unifiedDiff(first.diffFiles),
    rationale: '',
    filesChanged: first.diffFiles.filter((f) => f.before !== f.after).length,
    evaluation: {
      ok: false,
      checks: {
        parses: first.evaluation.parses,
        pattern_gone: first.evaluation.patternGone,
        idempotent: first.evaluation.idempotent,
        diff_local: first.evaluation.diffLocal,
      },
      rejected: outcome.rejected.map((r) => ({
        finding_id: r.findingId,
        codemod: r.codemod,
        failures: r.evaluation.failures,
      })),
    },
    detectionTool: tool,
  };
};
