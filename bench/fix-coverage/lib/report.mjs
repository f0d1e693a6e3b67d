// The per-codemod table and the totals, from the recorded finding outcomes. Pure.

const COLUMNS = [
  ['findings', 'findings'],
  ['verified', 'fixed+verified'],
  ['still_reported', 'fixed, still reported'],
  ['new_findings', 'fixed, new findings'],
  ['not_rescanned', 'fixed, not re-scanned'],
  ['behaviour_change', 'of fixed: behaviour_change'],
  ['rejected', 'rejected by evaluation'],
  ['declined', 'declined'],
  ['not_recognized', 'not recognized'],
  ['broken', 'broken files'],
];

const emptyRow = () => ({
  findings: 0,
  verified: 0,
  still_reported: 0,
  new_findings: 0,
  not_rescanned: 0,
  behaviour_change: 0,
  rejected: 0,
  declined: 0,
  declinedBy: {},
  not_recognized: 0,
  broken: 0,
});

const add = (row, r) => {
  row.findings++;
  if (r.fixer.kind === 'fixed') {
    row[r.rescan.kind]++;
    if (r.fixer.behaviourChange) row.behaviour_change++;
    if (r.broken) row.broken++;
  } else if (r.fixer.kind === 'declined') {
    row.declined++;
    row.declinedBy[r.fixer.code] = (row.declinedBy[r.fixer.code] ?? 0) + 1;
  } else if (r.fixer.kind === 'rejected') {
    row.rejected++;
    row.declinedBy[r.fixer.code] = (row.declinedBy[r.fixer.code] ?? 0) + 1;
  } else row.not_recognized++;
};

/** Rows per `codemod × scanner` and the totals, from outcome records. */
export const summarize = (records) => {
  const rows = new Map();
  const total = emptyRow();
  for (const r of records) {
    const key = `${r.codemod}\t${r.scanner}`;
    if (!rows.has(key)) rows.set(key, emptyRow());
    add(rows.get(key), r);
    add(total, r);
  }
  return {
    rows: [...rows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, row]) => {
        const [codemod, scanner] = key.split('\t');
        return { codemod, scanner, ...row };
      }),
    total,
  };
};

const pct = (n, d) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);

/** The summary as a Markdown table (what the README quotes). */
export const markdown = ({ rows, total }) => {
  const head = [
    'codemod',
    'scanner',
    ...COLUMNS.map(([, t]) => t),
    'not recognized %',
    'declined by reason',
  ];
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const body = (name, scanner, row) =>
    line([
      name,
      scanner,
      ...COLUMNS.map(([k]) => row[k]),
      pct(row.not_recognized, row.findings),
      Object.entries(row.declinedBy)
        .sort(([, a], [, b]) => b - a)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || '-',
    ]);
  return [
    line(head),
    line(head.map(() => '---')),
    ...rows.map((r) => body(r.codemod, r.scanner, r)),
    body('**total**', '', total),
  ].join('\n');
};
