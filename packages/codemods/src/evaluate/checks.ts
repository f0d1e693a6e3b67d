import type { Codemod } from '../engine/codemod.js';
import { locateSite } from '../engine/run.js';
import { languageOf } from '../languages.js';
import type { CodemodInput, Edited } from '../types.js';
import { allowedRanges, diffStaysLocal, type LineRange } from './locality.js';
import { inputAfter } from './shift.js';
import { syntaxErrors } from './syntax.js';

/**
 * The site the codemod finds at the fixed text's (shifted) location, unless it is only a neighbour
 * (sites detect reports only to decline them are not looked at):
 * a site on an adjacent line counts only when the original finding was matched that way too, so
 * fixing one of two consecutive vulnerable lines is not mistaken for the pattern staying.
 */
const siteAfter = (codemod: Codemod, input: CodemodInput, result: Edited) => {
  const after = locateSite(codemod, inputAfter(input, result), { fixableOnly: true });
  if ('kind' in after || after.tier !== 'adjacent-line') return after;
  const before = locateSite(codemod, input, { fixableOnly: true });
  return 'kind' in before || before.tier === 'adjacent-line' ? after : null;
};

/**
 * True when the codemod's detection still finds a vulnerable construct at the finding's location
 * (or code flow) once shifted into the fixed text. A good fix makes this false.
 */
export const stillMatches = (codemod: Codemod, input: CodemodInput, result: Edited): boolean => {
  const after = siteAfter(codemod, input, result);
  return after !== null && !('kind' in after);
};

/** True when running the codemod again on the fixed text changes nothing. */
export const reapplyIsNoop = (codemod: Codemod, input: CodemodInput, result: Edited): boolean => {
  if (siteAfter(codemod, input, result) === null) return true;
  const again = codemod.transform(inputAfter(input, result));
  return again.kind === 'not_applicable' || again.files.every((f) => f.before === f.after);
};

/** Why an evaluation failed, one entry per failed check. */
export type EvaluationFailure =
  | { check: 'parses'; path: string; errors: { kind: string; line: number; column: number }[] }
  | { check: 'pattern_gone' }
  | { check: 'idempotent' }
  | { check: 'diff_local'; path: string; outside: LineRange[] };

export interface Evaluation {
  ok: boolean;
  parses: boolean;
  patternGone: boolean;
  idempotent: boolean;
  diffLocal: boolean;
  failures: EvaluationFailure[];
  /** The fix's `behaviourChange`, when it changes observable behaviour (for the reviewer). */
  behaviourChange?: string;
}

/**
 * Every pure check a fix must pass before it is stored `generated`: each changed source file
 * parses without ERROR/MISSING nodes, the codemod's pattern no longer matches at the finding,
 * re-applying is a no-op, and the diff stays within the site plus imports, helpers and manifests.
 * (`git apply --check` against the commit is the caller's, as it needs the repository.)
 */
export const evaluate = (codemod: Codemod, input: CodemodInput, result: Edited): Evaluation => {
  const failures: EvaluationFailure[] = [];
  for (const file of result.files) {
    const language = languageOf(file.path);
    if (!language) continue;
    const errors = syntaxErrors(language, file.after);
    if (errors.length > 0) failures.push({ check: 'parses', path: file.path, errors });
  }
  const patternGone = !stillMatches(codemod, input, result);
  if (!patternGone) failures.push({ check: 'pattern_gone' });
  const idempotent = reapplyIsNoop(codemod, input, result);
  if (!idempotent) failures.push({ check: 'idempotent' });
  for (const file of result.files) {
    const local = diffStaysLocal(file.before, file.after, allowedRanges(result, file));
    if (!local.ok) failures.push({ check: 'diff_local', path: file.path, outside: local.outside });
  }
  return {
    ok: failures.length === 0,
    parses: !failures.some((f) => f.check === 'parses'),
    patternGone,
    idempotent,
    diffLocal: !failures.some((f) => f.check === 'diff_local'),
    failures,
    ...(result.behaviourChange === undefined ? {} : { behaviourChange: result.behaviourChange }),
  };
};
