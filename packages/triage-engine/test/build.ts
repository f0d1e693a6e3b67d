import type { RuleMetadata } from '@remediation/sarif';
import type { SourceView, TriageFinding, TriageSettings, Verdict } from '../src/index.js';
import { reconstructFlow } from '../src/flow/index.js';
import { triageFinding } from '../src/index.js';

/** A finding as ingestion would store it; override what the test is about. */
export const finding = (
  over: Partial<TriageFinding> & { uri?: string; line?: number } = {},
): TriageFinding => {
  const { uri = 'src/app.js', line = 1, ...rest } = over;
  return {
    id: 'f-1',
    ruleId: 'js/sql-injection',
    tool: 'CodeQL',
    message: 'This query depends on a [user-provided value](1).',
    location: { uri, startLine: line, startColumn: null, endLine: line, endColumn: null },
    level: 'error',
    severity: 'high',
    dataflowTier: 'SINGLE_LOCATION',
    suppressed: false,
    suppressions: [],
    problems: [],
    snippet: null,
    codeFlows: [],
    properties: {},
    rule: null,
    ...rest,
  };
};

export const rule = (over: Partial<RuleMetadata> = {}): RuleMetadata => ({
  id: null,
  name: null,
  tool_component: 'tool',
  short_description: null,
  help_uri: null,
  tags: [],
  cwe: [],
  precision: null,
  security_severity: null,
  kind: null,
  ...over,
});

export const source = (files: Record<string, string>): SourceView => ({
  status: 'available',
  commit: 'c0ffee',
  files: new Map(Object.entries(files)),
});

export const NONE: SourceView = { status: 'unavailable', reason: 'the scan has no commit' };

export const BALANCED: TriageSettings = {
  sensitivity: 'balanced',
  minSeverity: 'info',
  excludedPaths: [],
};

/** The 1-based line of the first line containing `needle`. */
export const lineOf = (text: string, needle: string): number => {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`not found: ${needle}`);
  return i + 1;
};

/** Triage of the finding of `tool`/`ruleId` at the line containing `at` in a one-file source. */
export const triageAt = (
  path: string,
  text: string,
  at: string,
  over: Partial<TriageFinding> = {},
  settings: TriageSettings = BALANCED,
): Verdict =>
  triageFinding(
    finding({ uri: path, line: lineOf(text, at), ...over }),
    source({ [path]: text }),
    settings,
  );

export const signals = (v: Verdict): string[] => v.evidence.map((e) => e.signal);

/** The flow reconstruction of a `cls` finding at the line of `lines` containing `marker`. */
export const flowAt = (cls: string, lines: string[], marker: string, uri: string) => {
  const text = lines.join('\n');
  return reconstructFlow({ uri, text, line: lineOf(text, marker), endLine: null, cls })!;
};

/** The code of each step of a reconstructed path, joined for matching. */
export const pathText = (r: { path: { code: string }[] }) => r.path.map((s) => s.code).join(' | ');
