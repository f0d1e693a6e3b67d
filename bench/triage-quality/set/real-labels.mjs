// Answers for every result the real scanners report on repo/, per scanner, keyed by
// `file|rule|flagged line (trimmed)` and judged by reading the code (labels-*.mjs).
// build-set.mjs fails when a result has no answer here or an answer has no result. Never
// imported by the triage engine: only build-set.mjs reads it, to write labels.json.
import { BANDIT_LABELS } from './labels-bandit.mjs';
import { ESLINT_LABELS } from './labels-eslint.mjs';
import { GOSEC_LABELS } from './labels-gosec.mjs';
import { SEMGREP_LABELS } from './labels-semgrep.mjs';
import { SPOTBUGS_LABELS } from './labels-spotbugs.mjs';

export const REAL_LABELS = {
  eslint: ESLINT_LABELS,
  bandit: BANDIT_LABELS,
  gosec: GOSEC_LABELS,
  spotbugs: SPOTBUGS_LABELS,
  semgrep: SEMGREP_LABELS,
};
