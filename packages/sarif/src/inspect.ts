import { readEnvelope, type SarifEnvelope } from './envelope.js';
import { exceededLimit, type SarifLimits } from './limits.js';
import { parseSarif } from './parse.js';
import type { Problem } from './problem.js';
import type { SarifLog } from './sarif-types.js';
import { checkSchema } from './validate.js';

export type Inspection =
  | { kind: 'valid'; envelope: SarifEnvelope; warnings: string[] }
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'too_large'; message: string };

/**
 * Everything the upload decides about a document: parse (BOM allowed), limits (413), schema and
 * the spec's rules (400 with problems), and the envelope (tools, commit, branch). CPU-bound:
 * the gateway runs it on a worker thread.
 */
export const inspectSarif = (body: string | Buffer, limits: SarifLimits): Inspection => {
  const parsed = parseSarif(body);
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.problems };
  const tooLarge = exceededLimit(parsed.value, limits);
  if (tooLarge) return { kind: 'too_large', message: tooLarge };
  const verdict = checkSchema(parsed.value);
  if (verdict.problems.length > 0) return { kind: 'invalid', problems: verdict.problems };
  return {
    kind: 'valid',
    envelope: readEnvelope((parsed.value as SarifLog).runs),
    warnings: verdict.warnings,
  };
};
