// Counts one family's end-to-end run against its labels (which only the bench reads): per class,
// the findings the pipeline stored, the fixable ones (labelled `fixed`), what triage called
// them, the fixes that failed evaluation, the sites a generated fix changed once the fixes were
// merged in turn, findings gone on the re-scan, look-alikes left alone, code changed outside
// the sites, files broken and new findings; plus why each fixable finding was not fixed.
import { originalLines } from './js-lines.mjs';
import { explainConflicts } from './pipeline-conflicts.mjs';
import {
  blockKind,
  diffBlocks,
  importedModules,
  siteWindow,
  touches,
  within,
} from './pipeline-blocks.mjs';

const NONE = '(unlabelled)';

/** A re-scan result standing for a finding: same tool, rule and file, at one of its lines. */
const sameFinding = (f, a, lines) =>
  f.tool === a.tool && f.path === a.path && f.ruleId === a.ruleId && lines.includes(f.line);

/** The API's finding as the bench compares it: tool, rule, path, lines, triage, fix. */
const flatFinding = (family, f) => {
  const flat = {
    id: f.id,
    tool: f.tool,
    ruleId: f.rule_id,
    path: f.location?.uri ?? null,
    line: f.location?.start_line ?? null,
    endLine: f.location?.end_line ?? null,
    classification: f.triage?.classification ?? null,
    justification: f.triage?.justification ?? f.triage_error ?? null,
    fixId: f.fix_id,
    fixNote: f.fix_note,
  };
  flat.class = family.classOf(flat) ?? NONE;
  flat.label = family.labelOf(flat);
  // A rule bound to two codemods (PATH_TRAVERSAL_IN: path-traversal, zip-slip) counts under
  // the class of the site it reports.
  if (flat.label) flat.class = flat.label.class;
  return flat;
};

export const count = ({ family, texts, result, applied, check, before, after, net }) => {
  const findings = result.findings.map((f) => flatFinding(family, f));
  const byId = new Map(findings.map((f) => [f.id, f]));
  const windows = new Map(family.labels.map((l) => [l, siteWindow(l, texts.get(l.file))]));
  const fixable = (l) => l?.expected === 'fixed';

  const maps = net.maps;
  const stillThere = (f) =>
    after.some((a) => sameFinding(f, a, originalLines(maps, a.path, a.line)));

  // Every block of every merged diff, judged against the labelled sites of the fix's classes.
  const edited = new Set();
  const blocks = [];
  for (const { fix, outcome } of applied) {
    if (outcome !== 'merged' && outcome !== 'already_merged') continue;
    const own = fix.finding_ids.map((id) => byId.get(id)).filter(Boolean);
    const classes = new Set(own.map((f) => f.class));
    const sameClass = family.labels.filter((l) => fixable(l) && classes.has(l.class));
    const parts = diffBlocks(fix.diff).map((block) => ({ block, kind: blockKind(block) }));
    const swapped = parts
      .filter((p) => p.kind === 'import')
      .flatMap((p) => p.block.removed.flatMap(importedModules));
    for (const { block, kind } of parts) {
      const touched = family.labels.filter((l) => touches(block, l.file, l.line));
      let verdict = kind;
      if (touched.some((l) => l.expected === 'untouched')) verdict = 'look-alike';
      else if (kind !== 'code') {
        // An import line that is itself a labelled site (`import pickle`) is fixed with it.
        for (const l of touched) if (sameClass.includes(l)) edited.add(l);
      } else {
        const sites = sameClass.filter(
          (l) => l.file === block.path && within(block, windows.get(l)),
        );
        for (const l of sites) edited.add(l);
        verdict =
          sites.length > 0
            ? 'site'
            : block.removed.some((line) => swapped.some((m) => line.includes(`${m}.`)))
              ? 'module-use'
              : family.labels.some(
                    (l) => fixable(l) && l.file === block.path && within(block, windows.get(l)),
                  )
                ? 'other-site'
                : 'unrelated';
      }
      if (outcome === 'merged') blocks.push({ fix, block, verdict });
    }
    // A module swapped for a safe one (xml → defusedxml) fixes its uses where the re-scan agrees.
    const files = new Set(
      parts.filter((p) => p.kind === 'import' && p.block.removed.length).map((p) => p.block.path),
    );
    for (const f of own)
      if (fixable(f.label) && files.has(f.path) && !stillThere(f)) edited.add(f.label);
  }

  const newFindings = after.filter(
    (a) => !before.some((b) => sameFinding(b, a, originalLines(maps, a.path, a.line))),
  );
  const fixClasses = (path) =>
    new Set(
      applied
        .filter(
          (a) => a.outcome === 'merged' && diffBlocks(a.fix.diff).some((b) => b.path === path),
        )
        .flatMap((a) => a.fix.finding_ids.map((id) => byId.get(id)?.class ?? NONE)),
    );
  /** The class of the merged fix whose change a new finding sits on, else the finding's own. */
  const newClass = (a) => {
    const lines = originalLines(maps, a.path, a.line);
    const hit = applied.find(
      (x) =>
        x.outcome === 'merged' &&
        diffBlocks(x.fix.diff).some(
          (b) =>
            b.path === a.path && lines.some((l) => b.from - 1 <= l && l <= Math.max(b.to, b.from)),
        ),
    );
    if (!hit) return a.class ?? NONE;
    const own = hit.fix.finding_ids.map((id) => byId.get(id)).filter(Boolean);
    const at = own.find(
      (f) =>
        fixable(f.label) &&
        f.path === a.path &&
        lines.some((l) => windows.get(f.label).from <= l && l <= windows.get(f.label).to),
    );
    return (at ?? own[0])?.class ?? a.class ?? NONE;
  };
  for (const a of newFindings) a.class = newClass(a);
  const failedFor = (f) =>
    result.fixes.find((x) => x.status === 'failed' && x.finding_ids.includes(f.id));

  const classes = [
    ...new Set([...findings, ...family.labels, ...newFindings].map((x) => x.class)),
  ].sort();
  const rows = classes.map((cls) => {
    const of = findings.filter((f) => f.class === cls);
    const fix = of.filter((f) => fixable(f.label));
    const fixed = fix.filter((f) => edited.has(f.label));
    const lookAlikes = family.labels.filter((l) => l.class === cls && l.expected === 'untouched');
    return {
      class: cls,
      findings: of.length,
      fixable: fix.length,
      truePositive: fix.filter((f) => f.classification === 'TRUE_POSITIVE').length,
      falsePositive: fix.filter((f) => f.classification === 'FALSE_POSITIVE').length,
      wontFix: fix.filter((f) => f.classification === 'WONT_FIX').length,
      triageMissed: fix.filter((f) => f.classification !== 'TRUE_POSITIVE').length,
      fixFailed: fix.filter((f) => failedFor(f)).length,
      fixed: fixed.length,
      gone: fixed.filter((f) => !stillThere(f)).length,
      rescanned: fixed.length,
      lookAlikes: lookAlikes.length,
      lookAlikesKept: lookAlikes.filter(
        (l) => !blocks.some((b) => b.verdict === 'look-alike' && touches(b.block, l.file, l.line)),
      ).length,
      unrelated: blocks.filter(
        (b) =>
          (b.verdict === 'unrelated' || b.verdict === 'look-alike') &&
          b.fix.finding_ids.some((id) => byId.get(id)?.class === cls),
      ).length,
      broken: check.broken.filter((p) => fixClasses(p).has(cls)).length,
      newFindings: newFindings.filter((a) => (a.class ?? NONE) === cls).length,
      newAudit: newFindings.filter((a) => (a.class ?? NONE) === cls && family.auditOnly(a)).length,
    };
  });

  // The same figures per scanner (a fix made for findings of two scanners counts for both).
  const toolFiles = (tool) =>
    new Set(
      applied
        .filter(
          (a) =>
            a.outcome === 'merged' && a.fix.finding_ids.some((id) => byId.get(id)?.tool === tool),
        )
        .flatMap((a) => diffBlocks(a.fix.diff).map((b) => b.path)),
    );
  const tools = [...new Set([...findings, ...after].map((f) => f.tool))].sort();
  const scanners = tools.map((tool) => {
    const of = findings.filter((f) => f.tool === tool);
    const fix = of.filter((f) => fixable(f.label));
    const fixed = fix.filter((f) => edited.has(f.label));
    const fresh = newFindings.filter((a) => a.tool === tool);
    return {
      scanner: tool,
      findings: of.length,
      fixable: fix.length,
      truePositive: fix.filter((f) => f.classification === 'TRUE_POSITIVE').length,
      triageMissed: fix.filter((f) => f.classification !== 'TRUE_POSITIVE').length,
      fixFailed: fix.filter((f) => failedFor(f)).length,
      fixed: fixed.length,
      gone: fixed.filter((f) => !stillThere(f)).length,
      broken: check.broken.filter((p) => toolFiles(tool).has(p)).length,
      newFindings: fresh.length,
      newAudit: fresh.filter((a) => family.auditOnly(a)).length,
    };
  });

  const conflicts = explainConflicts(applied);

  /** Why a fixable finding's site was not changed, from the API's own records. */
  const whyNot = (f) => {
    if (f.classification !== 'TRUE_POSITIVE')
      return `triage: ${f.classification ?? 'no verdict'} (${f.justification})`;
    const failed = failedFor(f);
    if (failed) return `fix ${failed.id} failed: ${failed.summary}`;
    if (!f.fixId) return `no fix: ${f.fixNote ?? 'not routed to the fixer'}`;
    const a = applied.find((x) => x.fix.id === f.fixId);
    if (!a) return `fix ${f.fixId} is not listed as generated`;
    if (a.outcome === 'superseded')
      return `fix ${f.fixId} (${a.fix.codemod}) superseded by the refresh after the fixes merged before it: ${a.detail}`;
    if (a.outcome === 'conflict')
      return `fix ${f.fixId} (${a.fix.codemod}) conflicts with the fixes merged before it: ${a.detail}`;
    if (a.outcome === 'does_not_apply')
      return `fix ${f.fixId} does not apply to the scanned commit: ${a.detail}`;
    return `fix ${f.fixId} (${a.fix.codemod}) did not change the site's code`;
  };
  const missed = findings.filter((f) => fixable(f.label) && !edited.has(f.label));
  // The measured set: labelled sites a real scanner reported (a finding the pipeline stored).
  const reported = new Set(findings.map((f) => f.label).filter(Boolean));
  const measured = family.labels.filter((l) => fixable(l) && reported.has(l));
  return {
    rows,
    scanners,
    findings,
    missed: missed.map((f) => ({ finding: f, why: whyNot(f) })),
    sitesFixed: measured.filter((l) => edited.has(l)).length,
    sites: measured.length,
    /** Sites labelled `fixed` no real scanner reports: outside the measured set. */
    sitesUnreported: family.labels.filter((l) => fixable(l) && !reported.has(l)),
    /** Every labelled site (fixed or untouched) some stored finding reports. */
    reported,
    unrelatedBlocks: blocks.filter((b) => b.verdict === 'unrelated' || b.verdict === 'look-alike'),
    conflicts,
    moduleUseBlocks: blocks.filter((b) => b.verdict === 'module-use'),
    otherSiteBlocks: blocks.filter((b) => b.verdict === 'other-site'),
    newFindings,
    stillReported: findings.filter((f) => fixable(f.label) && edited.has(f.label) && stillThere(f)),
    triageMisses: findings.filter((f) => fixable(f.label) && f.classification !== 'TRUE_POSITIVE'),
  };
};
