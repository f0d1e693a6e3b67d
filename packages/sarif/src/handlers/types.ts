import type { ReportingDescriptor, Result, Run, ToolComponent } from '../sarif-types.js';
import type { Severity } from '@remediation/contracts';

export interface HandlerContext {
  run: Run;
  result: Result;
  rule: ReportingDescriptor | undefined;
  component: ToolComponent;
}

/** What the service keeps of a finding's rule (the help text stays in the stored document). */
export interface RuleMetadata {
  id: string | null;
  name: string | null;
  tool_component: string;
  short_description: string | null;
  help_uri: string | null;
  tags: string[];
  cwe: string[];
  precision: string | null;
  security_severity: string | null;
  kind: string | null;
}

/**
 * A scanner handler reads what one tool puts in its own places. Every hook is optional; the
 * generic extraction (rules, `security-severity`, `precision`, CWE tags, level) applies first.
 */
export interface ScannerHandler {
  id: string;
  matches(run: Run): boolean;
  /** Severity from the tool's own fields, used when there is no `security-severity`. */
  severity?(ctx: HandlerContext): Severity | undefined;
  /** True when the tool marks the finding as low confidence (makes code flows WEAK). */
  lowConfidence?(ctx: HandlerContext): boolean;
  /** Adds to or corrects the generic rule metadata. */
  rule?(rule: ReportingDescriptor, metadata: RuleMetadata): RuleMetadata;
  /** Returns the result with secrets removed, before anything is stored. */
  redact?(result: Result): Result;
  /**
   * The tool's `fingerprints` that identify a finding, when some of its values are placeholders
   * rather than identities (they stay in the stored result either way).
   */
  fingerprints?(fingerprints: Record<string, string>): Record<string, string>;
}

export const driverNamed =
  (pattern: RegExp) =>
  (run: Run): boolean =>
    pattern.test(run.tool.driver.name);

export const stringProp = (
  props: Record<string, unknown> | undefined,
  key: string,
): string | undefined => {
  const v = props?.[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};
