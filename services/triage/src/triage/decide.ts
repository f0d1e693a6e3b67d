import type { Classification, RepositorySettings } from '@remediation/contracts';
import type { FindingRow } from '@remediation/db';
import { evidenceHash, type Verdict } from '@remediation/triage-engine';
import type { Prior } from './batch.repository.js';

/** What one finding's triage in one scan amounts to. */
export type Decision =
  /** This scan has its verdict already (a retried batch). */
  | { kind: 'done' }
  /** A person's override wins: no verdict is written, routing follows the override. */
  | { kind: 'overridden'; classification: Classification; route: boolean }
  /** Same evidence as the latest verdict: it is kept (recorded for this scan, no event). */
  | { kind: 'reused'; from: string; hash: string; verdict: Verdict; route: boolean }
  /** A new verdict: recorded, `triage.completed` emitted. */
  | { kind: 'new'; hash: string; verdict: Verdict; route: boolean };

/**
 * Whether a finding goes to the fixer: a true positive with a codemod for its rule and
 * language, processable (no problems, not suppressed), still open, without a fix yet, in a
 * repository with `auto_fix` on.
 */
export const routesToFix = (
  classification: Classification,
  codemodAvailable: boolean,
  finding: Pick<FindingRow, 'fixable' | 'resolved' | 'fix_id'>,
  settings: Pick<RepositorySettings, 'auto_fix'>,
): boolean =>
  classification === 'TRUE_POSITIVE' &&
  codemodAvailable &&
  finding.fixable &&
  !finding.resolved &&
  finding.fix_id === null &&
  settings.auto_fix;

export const decide = (
  finding: Pick<FindingRow, 'fixable' | 'resolved' | 'fix_id'>,
  verdict: Verdict,
  prior: Prior,
  settings: Pick<RepositorySettings, 'auto_fix'>,
): Decision => {
  if (prior.thisScan) return { kind: 'done' };
  if (prior.override) {
    const classification = prior.override.classification;
    return {
      kind: 'overridden',
      classification,
      route: routesToFix(classification, verdict.codemodAvailable, finding, settings),
    };
  }
  const hash = evidenceHash(verdict);
  const route = routesToFix(verdict.classification, verdict.codemodAvailable, finding, settings);
  if (prior.latest && prior.latest.evidence_hash === hash) {
    return { kind: 'reused', from: prior.latest.id, hash, verdict, route };
  }
  return { kind: 'new', hash, verdict, route };
};
