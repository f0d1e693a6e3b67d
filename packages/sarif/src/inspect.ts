import type { SarifValidationMode, ScanWarning } from '@remediation/contracts';
import { acceptSarif } from './acceptance/accept.js';
import { readEnvelope, type SarifEnvelope } from './envelope.js';
import { exceededLimit, type SarifLimits } from './limits.js';
import { parseSarif } from './parse.js';
import type { Problem } from './problem.js';

export type Inspection =
  | { kind: 'valid'; envelope: SarifEnvelope; warnings: ScanWarning[]; warningsCount: number }
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'too_large'; message: string };

/**
 * Everything the upload decides about a document: parse (BOM allowed), limits (413), the
 * acceptance policy in the repository's mode (400 with problems, or the repairs as warnings),
 * and the envelope (tools, commit, branch). CPU-bound: the gateway runs it on a worker thread.
 */
export const inspectSarif = (
  body: string | Buffer,
  limits: SarifLimits,
  mode: SarifValidationMode = 'tolerant',
): Inspection => {
  const parsed = parseSarif(body);
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.problems };
  const tooLarge = exceededLimit(parsed.value, limits);
  if (tooLarge) return { kind: 'too_large', message: tooLarge };
  const accepted = acceptSarif(parsed.value, mode);
  if (!accepted.ok) return { kind: 'invalid', problems: accepted.problems };
  return {
    kind: 'valid',
    envelope: readEnvelope(accepted.log.runs),
    warnings: accepted.warnings,
    warningsCount: accepted.warningsCount,
  };
};
