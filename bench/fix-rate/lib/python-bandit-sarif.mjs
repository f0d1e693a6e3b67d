// Converts Bandit's JSON report (`bandit -f json`) to SARIF 2.1.0: one result per issue with the
// rule id as Bandit writes it (`B608`), the message, the location (start line, the last line of
// `line_range`, and columns when Bandit reports them: `col_offset` is 0-based, SARIF columns are
// 1-based), the CWE, and Bandit's severity and confidence in the result's properties.

/**
 * Bandit's own CWE for each test id (bandit/core/cwemap.py, Bandit 1.7.3+), used when the report
 * comes from an older Bandit whose JSON has no `issue_cwe`.
 */
const BANDIT_CWE = {
  B101: 703,
  B102: 78,
  B103: 732,
  B104: 605,
  B105: 259,
  B106: 259,
  B107: 259,
  B108: 377,
  B110: 703,
  B112: 703,
  B113: 400,
  B201: 94,
  B202: 22,
  B324: 327,
  B501: 295,
  B502: 327,
  B503: 327,
  B504: 327,
  B505: 326,
  B506: 20,
  B507: 295,
  B601: 78,
  B602: 78,
  B603: 78,
  B604: 78,
  B605: 78,
  B606: 78,
  B607: 78,
  B608: 89,
  B609: 155,
  B610: 89,
  B611: 89,
  B701: 94,
  B702: 80,
  B703: 80,
  B301: 502,
  B302: 502,
  B303: 327,
  B304: 327,
  B305: 327,
  B306: 377,
  B307: 78,
  B308: 79,
  B309: 319,
  B310: 22,
  B311: 330,
  B312: 319,
  B313: 20,
  B314: 20,
  B315: 20,
  B316: 20,
  B317: 20,
  B318: 20,
  B319: 20,
  B320: 20,
  B321: 319,
  B322: 78,
  B323: 295,
  B325: 377,
  B401: 319,
  B402: 319,
  B403: 502,
  B404: 78,
  B405: 20,
  B406: 20,
  B407: 20,
  B408: 20,
  B409: 20,
  B410: 20,
  B411: 20,
  B412: 284,
  B413: 327,
  B414: 327,
};

const LEVEL = { HIGH: 'error', MEDIUM: 'warning', LOW: 'note' };

const cweOf = (issue) => {
  if (issue.issue_cwe?.id) return { id: Number(issue.issue_cwe.id), source: 'bandit' };
  const id = BANDIT_CWE[issue.test_id];
  return id ? { id, source: 'bandit-cwemap' } : null;
};

/** `./shop/a.py` or `/abs/project/shop/a.py` → `shop/a.py` (relative to the scanned root). */
const relative = (filename, root) => {
  const normalized = filename.replace(/\\/g, '/');
  const base = root ? `${root.replace(/\\/g, '/').replace(/\/$/, '')}/` : '';
  const inside = base && normalized.startsWith(base) ? normalized.slice(base.length) : normalized;
  return inside.replace(/^\.\//, '');
};

const regionOf = (issue) => {
  const lines = issue.line_range?.length ? issue.line_range : [issue.line_number];
  const region = { startLine: issue.line_number, endLine: Math.max(issue.line_number, ...lines) };
  if (Number.isInteger(issue.col_offset) && issue.col_offset >= 0) {
    region.startColumn = issue.col_offset + 1;
    if (
      Number.isInteger(issue.end_col_offset) &&
      issue.end_col_offset > 0 &&
      region.endLine === region.startLine
    ) {
      region.endColumn = issue.end_col_offset + 1;
    }
  }
  return region;
};

/**
 * SARIF 2.1.0 for a Bandit JSON report. `root` is the directory Bandit scanned, so artifact URIs
 * come out relative to it; `version` is Bandit's version when known.
 */
export const banditToSarif = (report, { root, version } = {}) => {
  const rules = new Map();
  const results = (report.results ?? []).map((issue) => {
    const cwe = cweOf(issue);
    if (!rules.has(issue.test_id)) {
      rules.set(issue.test_id, {
        id: issue.test_id,
        name: issue.test_name,
        shortDescription: { text: issue.test_name },
        helpUri: issue.more_info,
        properties: { tags: ['security', ...(cwe ? [`external/cwe/cwe-${cwe.id}`] : [])] },
      });
    }
    return {
      ruleId: issue.test_id,
      level: LEVEL[issue.issue_severity] ?? 'warning',
      message: { text: issue.issue_text },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: relative(issue.filename, root) },
            region: {
              ...regionOf(issue),
              ...(issue.code ? { snippet: { text: issue.code } } : {}),
            },
          },
        },
      ],
      properties: {
        issue_severity: issue.issue_severity,
        issue_confidence: issue.issue_confidence,
        ...(cwe ? { cwe: `CWE-${cwe.id}`, cwe_source: cwe.source } : {}),
      },
    };
  });
  return {
    $schema:
      'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Bandit',
            informationUri: 'https://github.com/PyCQA/bandit',
            ...(version ? { version } : {}),
            rules: [...rules.values()],
          },
        },
        results,
        invocations: [
          {
            executionSuccessful: (report.errors ?? []).length === 0,
            ...(report.errors?.length
              ? {
                  toolExecutionNotifications: report.errors.map((e) => ({
                    message: { text: `${e.filename}: ${e.reason}` },
                  })),
                }
              : {}),
          },
        ],
      },
    ],
  };
};

/** The findings of a SARIF log as the codemods take them: path, tool, rule, location. */
export const findingsFromSarif = (sarif) =>
  sarif.runs.flatMap((run) =>
    run.results.map((r) => {
      const location = r.locations[0].physicalLocation;
      const { snippet, ...region } = location.region;
      return {
        path: location.artifactLocation.uri,
        tool: run.tool.driver.name,
        ruleId: r.ruleId,
        message: r.message.text,
        location: region,
        severity: r.properties?.issue_severity,
      };
    }),
  );
