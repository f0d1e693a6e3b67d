// Generates large, realistic SARIF documents for the kill test and bench/ingest. No imports,
// only erasable TypeScript: Node runs it directly (`node bench/ingest/run.mjs` imports it).

export interface GenerateOptions {
  results: number;
  /** A 4-step code flow across two files on every result (as CodeQL path-problems have). */
  codeFlows?: boolean;
  /** Shifts every line by this much (a later commit of the same code). */
  lineShift?: number;
}

const RULES = 50;
const FILES = 400;

const location = (file: number, line: number, message?: string) => ({
  physicalLocation: {
    artifactLocation: { uri: `src/module${file % 40}/file${file}.js`, uriBaseId: '%SRCROOT%' },
    region: { startLine: line, startColumn: 5, endColumn: 42 },
  },
  ...(message ? { message: { text: message } } : {}),
});

/** A SARIF 2.1.0 log of one CodeQL-like run with `results` distinct results. */
export const generateSarif = (options: GenerateOptions): Record<string, unknown> => {
  const shift = options.lineShift ?? 0;
  const rules = Array.from({ length: RULES }, (_, r) => ({
    id: `js/bench-rule-${r}`,
    name: `BenchRule${r}`,
    shortDescription: { text: `Benchmark rule ${r}` },
    helpUri: `https://example.com/rules/${r}`,
    properties: {
      tags: ['security', `external/cwe/cwe-${79 + r}`],
      precision: 'high',
      'security-severity': String((r % 10) + 0.5),
      kind: 'path-problem',
    },
  }));
  const results = Array.from({ length: options.results }, (_, i) => {
    const rule = i % RULES;
    const file = i % FILES;
    const line = 10 + Math.floor(i / FILES) * 3 + shift;
    const source = (file + 1) % FILES;
    return {
      ruleId: `js/bench-rule-${rule}`,
      ruleIndex: rule,
      level: 'error',
      message: {
        text: `Untrusted data from [user input](1) reaches a sensitive sink (case ${i}).`,
      },
      locations: [location(file, line)],
      ...(options.codeFlows
        ? {
            codeFlows: [
              {
                threadFlows: [
                  {
                    locations: [
                      { location: location(source, 20 + shift, 'req.query.name') },
                      { location: location(source, 24 + shift, 'name') },
                      { location: location(file, line - 2, 'value') },
                      { location: location(file, line, 'sink(value)') },
                    ],
                  },
                ],
              },
            ],
            relatedLocations: [{ id: 1, ...location(source, 20 + shift, 'user input') }],
          }
        : {}),
      properties: { confidence: 'high', team: `team-${file % 7}` },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'CodeQL', semanticVersion: '2.19.0', rules } },
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
};
