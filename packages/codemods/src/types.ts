import type { SgNode } from '@ast-grep/napi';

/** The languages codemods are written for. `tsx` is TypeScript with JSX; `.jsx` is `javascript`. */
export type Language = 'javascript' | 'typescript' | 'tsx' | 'python' | 'java' | 'go';

/** Scanner families whose rule ids a codemod can bind to (see `scannerOf` for driver names). */
export type Scanner =
  | 'codeql'
  | 'semgrep'
  | 'eslint'
  | 'bandit'
  | 'sonarqube'
  | 'snyk'
  | 'gosec'
  | 'njsscan'
  | 'spotbugs'
  | 'pmd';

/** Rule ids a codemod fixes, per scanner, exactly as the scanner writes them in SARIF `ruleId`. */
export type RuleIds = Partial<Record<Scanner, readonly string[]>>;

/**
 * A SARIF region: 1-based lines; columns 1-based by the standard, but 0-based columns, missing
 * columns and a missing end are tolerated (see docs/decisions/0015-codemod-engine.md).
 */
export interface Region {
  startLine: number;
  startColumn?: number | null;
  endLine?: number | null;
  endColumn?: number | null;
}

/** One step of a code flow (a SARIF `threadFlowLocation`), with the file it is in. */
export interface FlowStep extends Region {
  path: string;
  message?: string;
}

/** What the codemod is told about the finding. */
export interface Finding {
  ruleId: string;
  /** The SARIF `tool.driver.name` (e.g. `CodeQL`, `Semgrep OSS`) or a scanner key. */
  tool: string;
  location: Region;
  /** Every thread flow of the result, each ordered source → sink (`codeFlowsFromSarif`). */
  codeFlows?: readonly (readonly FlowStep[])[];
  message?: string;
}

/** A codemod's input: one file's text at the scanned commit and the finding in it. */
export interface CodemodInput {
  /** Repository-relative path, `/`-separated. */
  path: string;
  source: string;
  /** Defaults to `languageOf(path)`. */
  language?: Language;
  finding: Finding;
  /** Other files already read (code-flow files, manifests), by repository-relative path. */
  files?: Readonly<Record<string, string>>;
}

/** Why a codemod made no change. */
export type NotApplicableReason =
  | 'language_not_supported'
  | 'location_not_matched'
  | 'pattern_not_recognized'
  | 'unsafe_to_change'
  | 'file_not_loaded';

export interface NotApplicable {
  kind: 'not_applicable';
  reason: NotApplicableReason;
  detail: string;
}

/** Why a part of a file changed: the fix itself, or engine-owned additions around it. */
export type ChangePurpose = 'fix' | 'import' | 'helper' | 'manifest';

/** One text splice, in UTF-16 offsets of the file's `before` text (BOM included). */
export interface Change {
  purpose: ChangePurpose;
  start: number;
  end: number;
  text: string;
}

export interface FileChange {
  path: string;
  before: string;
  after: string;
  changes: Change[];
}

/** Where the fix was made: the statement around the fixed node, in `before`. */
export interface SiteRef {
  path: string;
  start: number;
  end: number;
  startLine: number;
  endLine: number;
}

export interface Edited {
  kind: 'edited';
  files: FileChange[];
  notes: string[];
  site: SiteRef;
  /**
   * Set when the fix changes what the program observably does besides removing the weakness
   * (another digest, another serialization format, values no longer reproducible from a seed):
   * one line for the reviewer, who decides. Absent for behaviour-preserving fixes.
   */
  behaviourChange?: string;
}

export type CodemodResult = Edited | NotApplicable;

/** A vulnerable construct found by a codemod's `detect`. */
export interface Site<D = unknown> {
  /** The node the fix rewrites. */
  node: SgNode;
  /** Other nodes a scanner may report for the same construct (e.g. uses of a variable). */
  anchors?: readonly SgNode[];
  /**
   * The node whose extent bounds the fix when it must edit several statements (e.g. a JDBC
   * `Statement` declaration and the `execute` call that uses it): a block or compound statement
   * holding them. Defaults to the simple statement around `node`. Location matching never uses
   * it, only `node` and `anchors`.
   */
  scope?: SgNode;
  /** Anything `detect` learnt that `fix` needs. */
  data?: D;
  /**
   * Set for a construct of the rule's class that cannot be changed correctly (a read where only
   * writes can be guarded, a path with no root): the finding is declined `unsafe_to_change` with
   * this detail, without calling `fix`, and the evaluation does not count it as the pattern
   * staying (it is not a construct the codemod fixes).
   */
  decline?: string;
}

export interface Reference {
  title: string;
  url: string;
}

/** Three short paragraphs for the fix's rationale (markdown allowed). */
export interface Rationale {
  problem: string;
  change: string;
  safety: string;
}
