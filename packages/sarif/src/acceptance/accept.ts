import type { SarifValidationMode, ScanWarning } from '@remediation/contracts';
import type { Problem } from '../problem.js';
import type { SarifLog } from '../sarif-types.js';
import { schemaValidator } from '../validate.js';
import { toProblem } from './describe.js';
import { fatalProblems } from './fatal.js';
import { withoutBranchErrors } from './plan.js';
import { repairDocument } from './repair.js';

/** At most this many problems are listed when a document is refused. */
export const MAX_PROBLEMS = 50;

export type Acceptance =
  | { ok: true; log: SarifLog; warnings: ScanWarning[]; warningsCount: number }
  | { ok: false; problems: Problem[] };

const distinct = (problems: Problem[]): Problem[] => {
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const p of problems) {
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length === MAX_PROBLEMS) break;
  }
  return out;
};

/**
 * The acceptance policy (decision 0013). Every document is validated against the errata01
 * schema. One that cannot be processed is refused whatever the mode (`fatalProblems`). Under
 * `strict` any schema violation is refused; under `tolerant` (the default) the document is
 * repaired **in place** and every repair is returned as a warning. The returned `log` is the
 * (possibly repaired) document, ready for normalization.
 */
export const acceptSarif = (doc: unknown, mode: SarifValidationMode = 'tolerant'): Acceptance => {
  const fatal = fatalProblems(doc);
  if (fatal.length > 0) return { ok: false, problems: distinct(fatal) };
  const validate = schemaValidator();
  if (validate(doc)) return { ok: true, log: doc as SarifLog, warnings: [], warningsCount: 0 };
  const errors = [...(validate.errors ?? [])];
  if (mode === 'strict') {
    return { ok: false, problems: distinct(withoutBranchErrors(errors).map(toProblem)) };
  }
  const repaired = repairDocument(doc, validate, errors);
  if (!repaired.ok) return { ok: false, problems: distinct(repaired.problems) };
  return {
    ok: true,
    log: doc,
    warnings: repaired.warnings,
    warningsCount: repaired.warningsCount,
  };
};
