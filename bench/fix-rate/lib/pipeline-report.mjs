// Prints the end-to-end fix-rate report: one table per family (per class), the pipeline's own
// figures (scan time, verdicts, fixes generated and failed, how the diffs applied), every
// fixable finding that was not fixed with the pipeline's reason, failed fixes with their
// evaluation, unrelated changes, new findings, and one headline over every family.

import { pct, table, total } from './pipeline-table.mjs';

const where = (f) => `${f.path}:${f.line}`;

const failures = (fix) => {
  const e = fix.evaluation ?? {};
  const rejected = (e.rejected ?? []).flatMap((r) =>
    r.failures.map(
      (x) =>
        `${x.check}${x.path ? ` ${x.path}` : ''}${x.outside ? ` outside ${x.outside.map((o) => `${o.startLine}-${o.endLine}`).join(',')}` : ''}`,
    ),
  );
  return [...rejected, ...(e.git_apply_error ? [`git apply: ${e.git_apply_error}`] : [])].join(
    '; ',
  );
};

export const familyReport = ({
  family,
  grouping,
  scan,
  result,
  generated,
  applied,
  baseline,
  check,
  counted,
}) => {
  const verdicts = {};
  for (const f of counted.findings)
    verdicts[f.classification ?? 'none'] = (verdicts[f.classification ?? 'none'] ?? 0) + 1;
  const outcomes = {};
  for (const a of applied) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
  const failed = result.fixes.filter((f) => f.status === 'failed');
  const byId = new Map(counted.findings.map((f) => [f.id, f]));
  const totals = total(counted.rows);
  return {
    family,
    grouping,
    scan,
    result,
    counted,
    lines: {
      scanner: scan.scanner,
      pipeline: `upload → completed ${result.seconds.toFixed(1)} s; ${result.findings.length} findings stored, triage: ${Object.entries(
        verdicts,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}; fixes generated ${generated.length}, failed ${failed.length}; each generated diff applied with git apply to the scanned commit as its pull request, then merged in turn: ${
        Object.entries(outcomes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none'
      }`,
      checks: `labelled sites fixed ${counted.sitesFixed}/${counted.sites} (${pct(counted.sitesFixed, counted.sites)}); files broken: ${check.broken.length}${check.broken.length ? ` (${check.broken.join(', ')})` : ''}; project checks before: ${baseline.tests.passed} passed, ${baseline.tests.failed} failed; after the fixes: ${check.tests.passed} passed, ${check.tests.failed} failed${check.tests.ok ? '' : ' (FAILED)'}`,
      missed: counted.missed.map(
        (m) =>
          `not fixed: ${where(m.finding)} ${m.finding.tool} ${m.finding.ruleId} [${m.finding.class}]: ${m.why}`,
      ),
      noFinding: counted.sitesNoFinding.map(
        (l) => `no finding stored for the labelled site ${l.file}:${l.line} [${l.class}]`,
      ),
      failed: failed.map((fix) => {
        const fs = fix.finding_ids.map((id) => byId.get(id)).filter(Boolean);
        const labels = fs.map((f) => f.label?.expected ?? 'unlabelled').join(',');
        return `failed fix ${fix.codemod} for ${fs.map(where).join(', ')} [label: ${labels}]: ${fix.summary}${failures(fix) ? ` — ${failures(fix)}` : ''}`;
      }),
      conflicts: [
        ...counted.conflicts.map(
          (c) =>
            `fix ${c.fix.codemod} for ${c.fix.finding_ids
              .map((id) => byId.get(id))
              .filter(Boolean)
              .map(where)
              .join(
                ', ',
              )} does not merge after the others (${c.detail}): ${c.against.join('; ') || 'no overlapping change found'}`,
        ),
        ...applied
          .filter((a) => a.outcome === 'does_not_apply')
          .map(
            (a) =>
              `fix ${a.fix.codemod} (${a.fix.id}) does not apply to the scanned commit: ${a.detail.split('\n')[0]}`,
          ),
      ],
      unrelated: counted.unrelatedBlocks.map(
        (b) =>
          `${b.verdict === 'look-alike' ? 'look-alike changed' : 'unrelated change'}: ${b.block.path}:${b.block.from} by ${b.fix.codemod}: ${[...b.block.removed.map((l) => `-${l.trim()}`), ...b.block.added.map((l) => `+${l.trim()}`)].join(' ')}`,
      ),
      otherSite: counted.otherSiteBlocks.map(
        (b) =>
          `change at a labelled site of another class: ${b.block.path}:${b.block.from} by ${b.fix.codemod}`,
      ),
      moduleUse: counted.moduleUseBlocks.map(
        (b) =>
          `changed with the module its fix swapped (not counted as unrelated): ${b.block.path}:${b.block.from} by ${b.fix.codemod}: ${[...b.block.removed.map((l) => `-${l.trim()}`), ...b.block.added.map((l) => `+${l.trim()}`)].join(' ')}`,
      ),
      newFindings: counted.newFindings.map(
        (a) => `new finding: ${a.path}:${a.line} ${a.ruleId}: ${a.message}`,
      ),
      stillReported: counted.stillReported.map(
        (f) => `fixed, still reported by the pattern rule: ${where(f)} ${f.ruleId}`,
      ),
      testOutput: check.tests.ok
        ? []
        : [
            check.testOutput
              .split('\n')
              .filter((l) => /✖|FAIL|ERROR|Error|error:|assert/i.test(l))
              .slice(0, 20)
              .join('\n'),
          ],
    },
    totals: {
      ...totals,
      sitesFixed: counted.sitesFixed,
      sites: counted.sites,
      broken: check.broken.length,
      failedFixes: failed.length,
      testsFailed: check.tests.ok ? 0 : Math.max(1, check.tests.failed || 0),
      conflicts: applied.filter((a) => a.outcome === 'conflict' || a.outcome === 'does_not_apply')
        .length,
    },
    json: {
      family: family.key,
      grouping,
      scanner: scan.scanner,
      seconds: result.seconds,
      rows: counted.rows,
      totals: { ...totals, broken: check.broken.length, failedFixes: failed.length },
      verdicts,
      applied: outcomes,
      missed: counted.missed.map((m) => ({
        at: where(m.finding),
        rule: m.finding.ruleId,
        class: m.finding.class,
        why: m.why,
      })),
      failed: failed.map((f) => ({
        id: f.id,
        codemod: f.codemod,
        summary: f.summary,
        evaluation: f.evaluation,
      })),
      newFindings: counted.newFindings,
    },
  };
};

export const printFamily = (report, markdown = false) => {
  const { family, lines, counted } = report;
  console.log(
    `\n${family.name}, pr_grouping ${report.grouping} — through the pipeline (api-gateway → sarif-ingest → triage → fixer)`,
  );
  console.log(`scanner: ${lines.scanner}`);
  console.log(`pipeline: ${lines.pipeline}`);
  console.log('');
  console.log(table(counted.rows, markdown));
  console.log('');
  console.log(lines.checks);
  for (const group of [
    'missed',
    'noFinding',
    'failed',
    'conflicts',
    'unrelated',
    'moduleUse',
    'otherSite',
    'newFindings',
    'stillReported',
    'testOutput',
  ])
    for (const line of lines[group]) console.log(line);
};

export const headline = (reports, seconds) => {
  const t = (k) => reports.reduce((n, r) => n + r.totals[k], 0);
  const per = reports
    .map((r) => `${r.family.name} ${r.totals.fixed}/${r.totals.fixable}`)
    .join(', ');
  const audit = t('newAudit');
  const java = reports.some((r) => r.family.key === 'java') ? '; Java SARIF synthesized' : '';
  return `Fix rate through the pipeline, pr_grouping ${reports[0].grouping} (${seconds.toFixed(0)} s): ${t('fixed')}/${t('fixable')} fixable findings fixed (${pct(t('fixed'), t('fixable'))}; ${per}${java}); labelled sites ${t('sitesFixed')}/${t('sites')}; files broken ${t('broken')}; unrelated code changed ${t('unrelated')}; new findings ${t('newFindings')}${audit ? ` (${audit} audit-only)` : ''}; triage missed ${t('triageMissed')} fixable findings; project tests failing after the fixes ${t('testsFailed')}; fixes failed evaluation ${t('failedFixes')}; fixes that do not merge after the others ${t('conflicts')}.`;
};
