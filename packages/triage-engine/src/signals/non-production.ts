import type { CodeContext } from '../code/context.js';
import { fileMarkers } from '../paths/file-markers.js';
import { nonProductionPath, type NonProductionKind } from '../paths/non-production.js';
import type { Evidence, TriageFinding } from '../types.js';

const DESCRIBED: Record<NonProductionKind, string> = {
  test: 'test code',
  fixture: 'a test fixture',
  example: 'example code',
  documentation: 'documentation',
  vendored: 'vendored third-party code',
  'build-output': 'build output',
  generated: 'a generated file',
  minified: 'a minified file',
};

export interface NonProduction {
  kind: NonProductionKind;
  evidence: Evidence;
}

/**
 * Test code, fixtures, examples, docs, vendored, generated or minified files: by path
 * conventions, by markers in the file's text, or by the scanner's own test-code rule variant
 * (Snyk Code's `<rule>/test`). Such findings are not fixed in place (WONT_FIX).
 */
export const nonProduction = (finding: TriageFinding, ctx: CodeContext): NonProduction | null => {
  const uri = finding.location?.uri;
  const at = uri ? { uri, line: finding.location?.startLine ?? null } : undefined;
  const make = (kind: NonProductionKind, why: string): NonProduction => ({
    kind,
    evidence: {
      signal: 'non_production_code',
      effect: 'wont_fix',
      detail: `The file is ${DESCRIBED[kind]} (${why}); it is not shipped or not maintained here.`,
      ...(at ? { at } : {}),
    },
  });
  if (/snyk/i.test(finding.tool) && finding.ruleId?.endsWith('/test'))
    return make('test', `${finding.tool} reports it with its test-code rule variant`);
  if (uri) {
    const byPath = nonProductionPath(uri);
    if (byPath) return make(byPath.kind, byPath.convention);
  }
  if (ctx.text !== null) {
    const byMarker = fileMarkers(ctx.text);
    if (byMarker) return make(byMarker.kind, byMarker.convention);
  }
  return null;
};
