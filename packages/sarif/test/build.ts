import type { Result, Run, SarifLog } from '../src/index.js';

/** A minimal valid log with one run of `tool`. */
export const log = (tool: string, results: Result[], run: Partial<Run> = {}): SarifLog => ({
  version: '2.1.0',
  runs: [{ tool: { driver: { name: tool, ...run.tool?.driver }, ...run.tool }, ...run, results }],
});

export const at = (uri: string, startLine = 1, extra: Record<string, unknown> = {}) => ({
  physicalLocation: { artifactLocation: { uri, ...extra }, region: { startLine } },
});

export const result = (over: Partial<Result> = {}): Result => ({
  ruleId: 'r1',
  message: { text: 'problem' },
  locations: [at('src/a.js', 10)],
  ...over,
});
