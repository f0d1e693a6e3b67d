// Builds the labelled set's SARIF documents and labels.json from the repository under repo/:
//   - ESLint (eslint-plugin-security, sonarjs, no-unsanitized) really runs on shop-api/ and its
//     SARIF comes from @microsoft/eslint-formatter-sarif;
//   - Bandit really runs on catalog-service/ (bandit-compat.py) and its JSON is converted to the
//     SARIF shape of Bandit's own formatter;
//   - CodeQL, Semgrep and gosec cannot run here: set/shaped-findings.mjs places their results
//     where those tools report them, with their SARIF shapes (code flows for CodeQL).
// Every real finding must have an answer in set/real-labels.mjs (the build fails otherwise).
// The SARIF carries no label; labels.json is read only by run.mjs to score the verdicts.
//
// Usage: node bench/triage-quality/build-set.mjs   (needs bandit on PATH; writes sarif/, labels.json)
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REAL_LABELS } from './set/real-labels.mjs';
import { SHAPED } from './set/shaped-findings.mjs';
import { RULES } from './set/rule-metadata.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, 'repo');
const out = join(here, 'sarif');
mkdirSync(out, { recursive: true });
const text = (uri) => readFileSync(join(repo, uri), 'utf8');
const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** 1-based line and columns of the n-th occurrence of `needle` in a file. */
const locate = (uri, needle, n = 1) => {
  const t = text(uri);
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = t.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${uri}: occurrence ${n} of ${JSON.stringify(needle)} not found`);
  }
  const before = t.slice(0, at);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineText = t.split('\n')[line - 1];
  const startColumn = at - lineStart + 1;
  const endColumn = Math.min(lineText.length + 1, startColumn + needle.split('\n')[0].length);
  return { line, startColumn, endColumn, lineText };
};

const physical = (uri, loc, snippet) => ({
  artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
  region: {
    startLine: loc.line,
    startColumn: loc.startColumn,
    endLine: loc.line,
    endColumn: loc.endColumn,
    ...(snippet ? { snippet: { text: loc.lineText } } : {}),
  },
});

const labels = [];
const label = (tool, ruleId, uri, line, entry, origin) =>
  labels.push({
    key: `${tool}|${ruleId}|${uri}|${line}`,
    label: entry.label,
    why: entry.why,
    origin,
  });

// ---- CodeQL, Semgrep, gosec (shaped) ----
const runsByTool = new Map();
for (const entry of SHAPED) {
  const meta = RULES[entry.tool]?.[entry.rule];
  if (!meta) throw new Error(`no rule metadata for ${entry.tool} ${entry.rule}`);
  const loc = locate(entry.file, entry.at, entry.n);
  const sink = entry.region ? locate(entry.file, entry.region, entry.n) : loc;
  const result = {
    ruleId: entry.rule,
    level: meta.level,
    message: { text: meta.message },
    locations: [
      {
        physicalLocation: physical(
          entry.file,
          entry.tool === 'codeql' ? sink : loc,
          entry.tool !== 'codeql',
        ),
      },
    ],
  };
  if (entry.flow) {
    const steps = entry.flow.map((s) => {
      const l = locate(s.file ?? entry.file, s.at, s.n);
      return {
        location: {
          physicalLocation: physical(s.file ?? entry.file, l, false),
          message: { text: s.at.length > 40 ? `${s.at.slice(0, 37)}...` : s.at },
        },
      };
    });
    result.codeFlows = [{ threadFlows: [{ locations: steps }] }];
    result.relatedLocations = [
      { id: 1, ...steps[0].location, message: { text: 'user-provided value' } },
    ];
    result.message.text = meta.flowMessage ?? meta.message;
  }
  if (entry.suppress)
    result.suppressions = [
      {
        kind: entry.suppress.kind,
        status: 'accepted',
        ...(entry.suppress.justification ? { justification: entry.suppress.justification } : {}),
      },
    ];
  const lang = entry.file.split('/')[0];
  const runKey = entry.tool === 'codeql' ? `codeql:${lang}` : entry.tool;
  if (!runsByTool.has(runKey))
    runsByTool.set(runKey, { tool: entry.tool, lang, rules: new Map(), results: [] });
  const run = runsByTool.get(runKey);
  run.rules.set(entry.rule, meta.rule(entry.rule));
  run.results.push(result);
  label(entry.tool, entry.rule, entry.file, loc.line, entry, 'synthetic');
}
const CODEQL_PACK = {
  'shop-api': 'javascript',
  'catalog-service': 'python',
  billing: 'java',
  inventory: 'go',
};
const driverOf = (tool, lang) =>
  tool === 'codeql'
    ? {
        driver: { name: 'CodeQL', organization: 'GitHub', semanticVersion: '2.19.3', rules: [] },
        extensions: [
          { name: `codeql/${CODEQL_PACK[lang]}-queries`, semanticVersion: '1.2.0', rules: null },
        ],
      }
    : tool === 'semgrep'
      ? { driver: { name: 'Semgrep OSS', semanticVersion: '1.95.0', rules: null } }
      : {
          driver: {
            name: 'gosec',
            version: '2.21.4',
            semanticVersion: '2.21.4',
            informationUri: 'https://github.com/securego/gosec/',
            rules: null,
          },
        };
for (const tool of ['codeql', 'semgrep', 'gosec']) {
  const runs = [...runsByTool.values()]
    .filter((r) => r.tool === tool)
    .map((r) => {
      const t = driverOf(tool, r.lang);
      const rules = [...r.rules.values()];
      if (tool === 'codeql') t.extensions[0].rules = rules;
      else t.driver.rules = rules;
      const results = r.results.map((res) => ({
        ...res,
        ruleIndex: rules.findIndex((x) => x.id === res.ruleId),
      }));
      if (tool === 'codeql')
        for (const res of results)
          res.rule = { id: res.ruleId, index: res.ruleIndex, toolComponent: { index: 0 } };
      return {
        tool: t,
        ...(tool === 'codeql'
          ? { automationDetails: { id: `/language:${CODEQL_PACK[r.lang]}/` } }
          : {}),
        results,
      };
    });
  writeFileSync(
    join(out, `${tool}.sarif`),
    JSON.stringify({ $schema: SCHEMA, version: '2.1.0', runs }, null, 1) + '\n',
  );
}

// ---- ESLint (real run) ----
const eslintBin = join(here, '..', 'node_modules', '.bin', 'eslint');
const eslint = spawnSync(
  eslintBin,
  [
    '--no-config-lookup',
    '-c',
    join(here, 'eslint.scan.config.mjs'),
    '--format',
    '@microsoft/eslint-formatter-sarif',
    '.',
  ],
  { cwd: join(repo, 'shop-api'), encoding: 'utf8', maxBuffer: 64 << 20 },
);
if (!eslint.stdout) throw new Error(`eslint produced nothing: ${eslint.stderr}`);
const eslintLog = JSON.parse(eslint.stdout.replaceAll(`file://${repo}/`, ''));
for (const run of eslintLog.runs) {
  delete run.invocations;
  for (const a of run.artifacts ?? [])
    if (a.location?.uri) a.location.uri = a.location.uri.replace(/^file:\/\/\/?[^]*?\/repo\//, '');
}
writeFileSync(join(out, 'eslint.sarif'), JSON.stringify(eslintLog, null, 1) + '\n');

// ---- Bandit (real run), converted to the SARIF of Bandit's formatter ----
// Bandit exits 1 when it finds issues; Debian's bandit lives in the system interpreter.
const banditRun = spawnSync(
  process.env.BANDIT_PYTHON ?? '/usr/bin/python3',
  [join(here, 'bandit-compat.py'), '-r', 'catalog-service', '-f', 'json', '-q'],
  { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 },
);
if (banditRun.status !== 0 && banditRun.status !== 1)
  throw new Error(`bandit failed: ${banditRun.stderr}`);
const banditJson = banditRun.stdout;
const bandit = JSON.parse(banditJson.slice(banditJson.indexOf('{')));
const LEVEL = { HIGH: 'error', MEDIUM: 'warning', LOW: 'note' };
const banditRules = new Map();
const banditResults = bandit.results.map((r) => {
  if (!banditRules.has(r.test_id))
    banditRules.set(r.test_id, {
      id: r.test_id,
      name: r.test_name,
      properties: {
        tags: ['security'],
        precision: { HIGH: 'high', MEDIUM: 'medium', LOW: 'low' }[r.issue_confidence],
      },
      helpUri: r.more_info,
    });
  const lineText = text(r.filename).split('\n')[r.line_number - 1];
  return {
    message: { text: r.issue_text },
    level: LEVEL[r.issue_severity] ?? 'warning',
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: r.filename },
          region: {
            startLine: r.line_number,
            endLine: Math.max(r.line_number, ...(r.line_range ?? [])),
            ...(Number.isInteger(r.col_offset) ? { startColumn: r.col_offset + 1 } : {}),
            snippet: { text: `${lineText}\n` },
          },
        },
      },
    ],
    properties: { issue_confidence: r.issue_confidence, issue_severity: r.issue_severity },
    ruleId: r.test_id,
    ruleIndex: [...banditRules.keys()].indexOf(r.test_id),
  };
});
writeFileSync(
  join(out, 'bandit.sarif'),
  JSON.stringify(
    {
      $schema: SCHEMA,
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'Bandit',
              organization: 'PyCQA',
              version: '1.6.2',
              semanticVersion: '1.6.2',
              rules: [...banditRules.values()],
            },
          },
          results: banditResults,
        },
      ],
    },
    null,
    1,
  ) + '\n',
);

// ---- Labels of the real findings: keyed by file, rule and the flagged line's text ----
const realFindings = [
  ...eslintLog.runs.flatMap((run) => (run.results ?? []).map((r) => ({ tool: 'eslint', r }))),
  ...banditResults.map((r) => ({ tool: 'bandit', r })),
];
const used = new Set();
const missing = [];
const seen = new Set();
for (const { tool, r } of realFindings) {
  const pl = r.locations[0].physicalLocation;
  const uri =
    pl.artifactLocation.uri.startsWith('shop-api/') || tool === 'bandit'
      ? pl.artifactLocation.uri
      : `shop-api/${pl.artifactLocation.uri}`;
  const line = pl.region.startLine;
  const lineText = text(uri).split('\n')[line - 1].trim();
  const ref = `${uri}|${r.ruleId}|${lineText}`;
  const entry = REAL_LABELS[ref];
  if (!entry) {
    missing.push(ref);
    continue;
  }
  used.add(ref);
  const key = `${tool}|${r.ruleId}|${uri}|${line}`;
  if (seen.has(key)) continue;
  seen.add(key);
  label(tool, r.ruleId, uri, line, entry, 'synthetic');
}
if (missing.length)
  throw new Error(
    `real findings without an answer in set/real-labels.mjs:\n${missing.map((m) => `  '${m}'`).join('\n')}`,
  );
const stale = Object.keys(REAL_LABELS).filter((k) => !used.has(k));
if (stale.length)
  throw new Error(`answers for findings the scanners no longer report:\n${stale.join('\n')}`);
writeFileSync(
  join(here, 'labels.json'),
  JSON.stringify(
    {
      note: 'Answers for the labelled set; read only by run.mjs and fit.mjs to score verdicts.',
      labels,
    },
    null,
    1,
  ) + '\n',
);
console.log(
  `labelled findings: ${labels.length} (${realFindings.length} real scanner results, ${SHAPED.length} shaped)`,
);
