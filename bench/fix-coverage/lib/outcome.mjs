// What became of one finding, from the fixer's group outcome and the re-scan of the fixed copy.
// Pure.

/** The not_applicable reason codes and failed checks in an unfixed finding's reason. */
const parseReason = (reason) => {
  const codes = [...reason.matchAll(/: (\w+) \(/g)].map((m) => m[1]);
  const failed = [...reason.matchAll(/failed evaluation \(([^)]*)\)/g)].map((m) => m[1]);
  return { codes: codes.filter((c) => c !== 'failed'), failed };
};

/**
 * The fixer's verdict on one finding fixed alone (a group of one): `fixed` with the codemod
 * that fixed it and its behaviour_change, `rejected` (a candidate failed the evaluation),
 * `not_recognized` (every candidate answered pattern_not_recognized), or `declined` with the
 * first other reason code.
 */
export const fixerVerdict = (outcome) => {
  const applied = outcome.applied[0];
  if (applied)
    return {
      kind: 'fixed',
      codemod: applied.codemod,
      behaviourChange: applied.evaluation.behaviourChange ?? null,
    };
  const reason = outcome.unfixed[0]?.reason ?? '';
  const { codes, failed } = parseReason(reason);
  if (failed.length > 0) return { kind: 'rejected', code: `evaluation: ${failed[0]}`, reason };
  if (codes.length > 0 && codes.every((c) => c === 'pattern_not_recognized'))
    return { kind: 'not_recognized', reason };
  const code = codes.find((c) => c !== 'pattern_not_recognized') ?? 'other';
  return { kind: 'declined', code, reason };
};

/**
 * The re-scan's verdict on a fix: `still_reported` when the finding's tool reports its rule as
 * often on the fixed file as before, `new_findings` when any scanner reports a rule more often on
 * a changed file than on the original, else `verified`. Counts are per rule and file, so line
 * shifts made by the fix do not matter. `before`/`after`: `(tool, path) => Map<ruleId, count>`.
 */
export const rescanVerdict = (finding, changedPaths, before, after) => {
  const own = (m) => m.get(finding.ruleId) ?? 0;
  if (own(after(finding.tool, finding.path)) >= own(before(finding.tool, finding.path)))
    return { kind: 'still_reported' };
  const added = [];
  for (const path of changedPaths)
    for (const tool of after.tools)
      for (const [rule, n] of after(tool, path))
        if (n > (before(tool, path).get(rule) ?? 0)) added.push(`${tool} ${rule} on ${path}`);
  return added.length > 0 ? { kind: 'new_findings', added } : { kind: 'verified' };
};
