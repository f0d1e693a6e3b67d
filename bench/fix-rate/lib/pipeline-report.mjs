// Prints the end-to-end fix-rate report: per family, a table per class and one per scanner, the
// pipeline's own figures (scan time, verdicts, fixes generated and failed, how the diffs
// applied), every fixable finding that was not fixed with the pipeline's reason, the labelled
// sites no real scanner reports (outside the measured set), failed fixes with their evaluation,
// unrelated changes, new findings; then one headline and one summary table over every family.

import { pct, scannerTable, table, total } from './pipeline-table.mjs';

const MERGED = new Set(['merged', 'already_merged']);

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
  byOrder,
  baseline,
  check,
  counted,
}) => {
  const verdicts = {};
  for (const f of counted.findings)
    verdicts[f.classification ?? 'none'] = (verdicts[f.classification ?? 'none'] ?? 0) + 1;
  const tally = (list) => {
    const out = {};
    for (const a of list) out[a.outcome] = (out[a.outcome] ?? 0) + 1;
    return out;
  };
  const outcomes = tally(applied);
  const listed = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k.replace('_', ' ')} ${v}`)
      .join(', ') || 'none';
  const orders = byOrder.map((o) => ({
    name: o.name,
    outcomes: tally(o.applied),
    notMerged: o.applied.filter((a) => !MERGED.has(a.outcome)).length,
    broken: o.broken,
    differing: o.differing,
    reordered: o.reordered,
  }));
  /** How an order's result compares with the first order's. */
  const sameAsFirst = (o) => {
    if (o.differing.length === 0) return ', same files as the first order';
    const other = o.differing.filter((p) => !o.reordered.includes(p));
    return [
      o.reordered.length
        ? `, same lines as the first order in another order in ${o.reordered.join(', ')}`
        : '',
      other.length ? `, different lines from the first order in ${other.join(', ')}` : '',
    ].join('');
  };
  const failed = result.fixes.filter((f) => f.status === 'failed');
  const byId = new Map(counted.findings.map((f) => [f.id, f]));
  const totals = total(counted.rows);
  const checks =
    family.key === 'java'
      ? `${check.broken.length ? 'does not compile' : 'compiles'}, check ${check.tests.ok ? 'ok' : 'FAILED'}`
      : `${check.tests.passed}/${check.tests.passed + check.tests.failed} tests${check.tests.ok ? '' : ' (FAILED)'}`;
  return {
    family,
    grouping,
    scan,
    result,
    counted,
    checks,
    lines: {
      scanner: scan.scanner,
      unreported: `labelled sites to fix that no real scanner reports (outside the measured set): ${counted.sitesUnreported.length}${counted.sitesUnreported.length ? ` (${counted.sitesUnreported.map((l) => `${l.file}:${l.line} [${l.class}]`).join(', ')})` : ''}`,
      pipeline: `upload → completed ${result.seconds.toFixed(1)} s; ${result.findings.length} findings stored, triage: ${Object.entries(
        verdicts,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(
          ', ',
        )}; fixes generated ${generated.length}, failed ${failed.length}; each fix's pull request merged one at a time, brought up to date by pr-publisher's refresh before each merge, ${orders[0].name}: ${listed(outcomes)}`,
      orders: `merge in turn, by order (${orders.length} orders): ${orders
        .map(
          (o) =>
            `${o.name}: ${o.notMerged} of ${generated.length} do not merge (${listed(o.outcomes)}), files broken ${o.broken.length}${o.broken.length ? ` (${o.broken.join(', ')})` : ''}${o === orders[0] ? '' : sameAsFirst(o)}`,
        )
        .join('; ')}`,
      orderMisses: byOrder
        .slice(1)
        .flatMap((o) =>
          o.applied
            .filter((a) => !MERGED.has(a.outcome))
            .map((a) => `${o.name}: fix ${a.fix.codemod} (${a.fix.id}) ${a.outcome}: ${a.detail}`),
        ),
      // The labels' `unreported` marks, checked against this run's findings.
      marks: [
        ...counted.sitesUnreported
          .filter((l) => !l.unreported)
          .map((l) => `label mark out of date: ${l.file}:${l.line} [${l.class}] is not reported`),
        ...family.labels
          .filter((l) => l.unreported && counted.reported.has(l))
          .map((l) => `label mark out of date: ${l.file}:${l.line} [${l.class}] is reported`),
      ],
      checks: `labelled sites fixed ${counted.sitesFixed}/${counted.sites} reported (${pct(counted.sitesFixed, counted.sites)}); files broken: ${check.broken.length}${check.broken.length ? ` (${check.broken.join(', ')})` : ''}; project checks before: ${baseline.tests.passed} passed, ${baseline.tests.failed} failed; after the fixes: ${check.tests.passed} passed, ${check.tests.failed} failed${check.tests.ok ? '' : ' (FAILED)'}`,
      missed: counted.missed.map(
        (m) =>
          `not fixed: ${where(m.finding)} ${m.finding.tool} ${m.finding.ruleId} [${m.finding.class}]: ${m.why}`,
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
          `${b.verdict === 'look-alike' ? 'look-alike changed' : 'unrelated change'}: ${b.block.path}:${b.block.from} by ${b.fix.codemod} (fix for ${b.fix.finding_ids
            .map((id) => byId.get(id))
            .filter(Boolean)
            .map((f) => `${where(f)} ${f.tool} ${f.ruleId} [${f.classification}]`)
            .join(
              ', ',
            )}): ${[...b.block.removed.map((l) => `-${l.trim()}`), ...b.block.added.map((l) => `+${l.trim()}`)].join(' ')}`,
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
        (f) => `fixed, still reported on re-scan: ${where(f)} ${f.tool} ${f.ruleId}`,
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
      unreported: counted.sitesUnreported.length,
      broken: check.broken.length,
      failedFixes: failed.length,
      testsFailed: check.tests.ok ? 0 : Math.max(1, check.tests.failed || 0),
      conflicts: applied.filter((a) => !MERGED.has(a.outcome)).length,
      orders,
    },
    json: {
      family: family.key,
      grouping,
      scanner: scan.scanner,
      seconds: result.seconds,
      rows: counted.rows,
      scanners: counted.scanners,
      unreported: counted.sitesUnreported.map((l) => `${l.file}:${l.line} [${l.class}]`),
      checks,
      totals: { ...totals, broken: check.broken.length, failedFixes: failed.length },
      verdicts,
      applied: outcomes,
      orders,
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
  console.log(
    scannerTable(
      counted.scanners.map((r) => [r.scanner, r, report.checks]),
      markdown,
    ),
  );
  console.log('');
  console.log(lines.checks);
  console.log(lines.orders);
  console.log(lines.unreported);
  for (const group of [
    'marks',
    'missed',
    'failed',
    'conflicts',
    'orderMisses',
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
  return `Fix rate through the pipeline, pr_grouping ${reports[0].grouping} (${seconds.toFixed(0)} s, real scanners only): ${t('fixed')}/${t('fixable')} fixable findings fixed (${pct(t('fixed'), t('fixable'))}; ${per}); labelled sites ${t('sitesFixed')}/${t('sites')} of those a real scanner reports (${t('unreported')} labelled sites to fix no scanner reports left the measured set: ${reports.map((r) => `${r.family.name} ${r.totals.unreported}`).join(', ')}); files broken ${t('broken')}; unrelated code changed ${t('unrelated')}; new findings ${t('newFindings')}${audit ? ` (${audit} audit-only)` : ''}; triage missed ${t('triageMissed')} fixable findings; project tests failing after the fixes ${t('testsFailed')}; fixes failed evaluation ${t('failedFixes')}; fixes that do not merge after the others ${t('conflicts')}; merge in turn, by order: ${mergeByOrder(reports)}.`;
};

/** Per merge order, summed over the families: fixes not merged and files broken. */
const mergeByOrder = (reports) =>
  reports[0].totals.orders
    .map((o, i) => {
      const sum = (k) => reports.reduce((n, r) => n + r.totals.orders[i][k], 0);
      const broken = reports.reduce((n, r) => n + r.totals.orders[i].broken.length, 0);
      const fixes = reports.reduce(
        (n, r) => n + Object.values(r.totals.orders[i].outcomes).reduce((a, b) => a + b, 0),
        0,
      );
      return `${o.name} ${sum('notMerged')}/${fixes} not merged, ${broken} broken`;
    })
    .join('; ');

/** Every family, grouping and scanner in one table (plus each family's all-scanner row). */
export const summary = (reports, markdown = true) =>
  scannerTable(
    reports.flatMap((r) => [
      ...r.counted.scanners.map((s) => [
        `${r.family.name}, ${r.grouping}, ${s.scanner}`,
        s,
        r.checks,
      ]),
      [`**${r.family.name}, ${r.grouping}, all**`, r.totals, r.checks],
    ]),
    markdown,
    'family, grouping, scanner',
  );
