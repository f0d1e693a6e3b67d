// The per-class table of the end-to-end fix rate, as padded text or as markdown, with its
// total row.

export const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);
const sum = (rows, key) => rows.reduce((n, r) => n + r[key], 0);

const HEADER = [
  'class',
  'findings (shaped)',
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
  r.shaped ? `${r.findings} (${r.shaped})` : `${r.findings}`,
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
      'shaped',
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

/** A plain-text table (padded columns) and the same rows as markdown. */
export const table = (rows, markdown = false) => {
  const body = [...rows, total(rows)].map(cells);
  if (markdown) {
    const line = (c) => `| ${c.join(' | ')} |`;
    return [line(HEADER), line(HEADER.map(() => '---')), ...body.map(line)].join('\n');
  }
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((c) => String(c[i]).length)));
  return [HEADER, ...body]
    .map((c) => c.map((x, i) => String(x).padEnd(widths[i])).join('  '))
    .join('\n');
};
