// The per-class and per-scanner tables of the end-to-end fix rate, as padded text or as
// markdown, with their total rows.

export const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);
const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);

const HEADER = [
  'class',
  'findings',
  'fixable',
  'triage TP',
  'FP',
  'WONT_FIX',
  'fix failed',
  'fixed',
  'gone on re-scan',
  'look-alikes kept',
  'unrelated',
  'broken files',
  'new findings',
];

const cells = (r) => [
  r.class,
  r.findings,
  r.fixable,
  r.truePositive,
  r.falsePositive,
  r.wontFix,
  r.fixFailed,
  `${r.fixed} (${pct(r.fixed, r.fixable)})`,
  r.rescanned ? `${r.gone}/${r.rescanned}` : '-',
  `${r.lookAlikesKept}/${r.lookAlikes}`,
  r.unrelated,
  r.broken,
  r.newAudit ? `${r.newFindings} (${r.newAudit} audit)` : r.newFindings,
];

export const total = (rows) => ({
  class: 'total',
  ...Object.fromEntries(
    [
      'findings',
      'fixable',
      'truePositive',
      'falsePositive',
      'wontFix',
      'triageMissed',
      'fixFailed',
      'fixed',
      'gone',
      'rescanned',
      'lookAlikes',
      'lookAlikesKept',
      'unrelated',
      'newFindings',
      'newAudit',
      'broken',
    ].map((k) => [k, sum(rows, k)]),
  ),
});

/** Rows as a plain-text table (padded columns) or as markdown. */
export const render = (header, body, markdown = false) => {
  if (markdown) {
    const line = (c) => `| ${c.join(' | ')} |`;
    return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((c) => String(c[i]).length)));
  return [header, ...body]
    .map((c) => c.map((x, i) => String(x).padEnd(widths[i])).join('  '))
    .join('\n');
};

/** The per-class table with its total row. */
export const table = (rows, markdown = false) =>
  render(HEADER, [...rows, total(rows)].map(cells), markdown);

const SCANNER_HEADER = [
  'scanner',
  'findings',
  'fixable',
  'triage missed',
  'fix failed',
  'fixed',
  'gone on re-scan',
  'broken files',
  'new findings',
  'project checks after',
];

/** One row per scanner: `label` names the row (scanner, or family and scanner). */
export const scannerCells = (label, r, checks) => [
  label,
  r.findings,
  r.fixable,
  r.triageMissed,
  r.fixFailed,
  `${r.fixed} (${pct(r.fixed, r.fixable)})`,
  r.fixed ? `${r.gone}/${r.fixed}` : '-',
  r.broken,
  r.newAudit ? `${r.newFindings} (${r.newAudit} audit)` : r.newFindings,
  checks,
];

/** The per-scanner table; `rows` are `[label, scannerRow, checks]`. */
export const scannerTable = (rows, markdown = false, first = 'scanner') =>
  render(
    [first, ...SCANNER_HEADER.slice(1)],
    rows.map(([label, r, checks]) => scannerCells(label, r, checks)),
    markdown,
  );
