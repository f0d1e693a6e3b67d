import type {
  Classification,
  DataflowTier,
  FindingProblem,
  Severity,
} from '@remediation/contracts';
import type { RuleMetadata } from '@remediation/sarif';

export type { Classification, DataflowTier, FindingProblem, Severity, RuleMetadata };

/** How readily the engine calls a finding `FALSE_POSITIVE` (docs/decisions/0019-triage.md). */
export type Sensitivity = 'conservative' | 'balanced' | 'aggressive';

export interface TriageLocation {
  uri: string;
  startLine: number | null;
  startColumn: number | null;
  endLine: number | null;
  endColumn: number | null;
}

/** A finding as ingestion stored it: everything the engine may look at (never a label). */
export interface TriageFinding {
  id: string;
  ruleId: string | null;
  tool: string;
  message: string;
  location: TriageLocation | null;
  level: 'error' | 'warning' | 'note' | 'none';
  /** What ingestion derived (`security-severity`, the scanner's handler, the level). */
  severity: Severity;
  dataflowTier: DataflowTier;
  suppressed: boolean;
  /** SARIF `result.suppressions` as sent. */
  suppressions: { kind?: string; status?: string; justification?: string }[];
  problems: FindingProblem[];
  /** SARIF `region.snippet.text` of the primary location, when the tool sent one. */
  snippet: string | null;
  /** SARIF `codeFlows` as received. */
  codeFlows: unknown[];
  /** SARIF result properties (Semgrep confidence, Bandit issue_confidence, Snyk priorityScore...). */
  properties: Record<string, unknown>;
  rule: RuleMetadata | null;
}

/**
 * The repository's files at the scanned commit, as far as the service could read them: the
 * finding's file and its code-flow files (any may be missing when unreadable or too large).
 */
export type SourceView =
  | { status: 'available'; commit: string; files: ReadonlyMap<string, string> }
  | { status: 'unavailable'; reason: string };

/** Repository settings that steer triage. */
export interface TriageSettings {
  sensitivity: Sensitivity;
  minSeverity: Severity;
  /** Repository-relative globs (minimatch syntax, `dot: true`); a match makes a finding WONT_FIX. */
  excludedPaths: readonly string[];
}

/** Confidence calibration constants (fitted by bench/triage-quality/fit.mjs). */
export interface Calibration {
  /** P(real) over the evidence score: `[score, probability]` knots, linear in between. */
  curve: readonly (readonly [number, number])[];
  /** Confidence of each WONT_FIX rule (`suppressed`, `excluded_path`, ...). */
  wontFix: Readonly<Record<string, number>>;
  /**
   * P(real) of a finding with no evidence about itself, only its rule's reputation (precision,
   * tool confidence, tier; a flow the reconstruction could not decide), by group: `<class>/low`,
   * `<class>/other`, then `low` and `other` for a class without its own rate (`low`: the
   * reputation's score is negative). Absent: such findings stay on the curve.
   */
  reputationRates?: Readonly<Record<string, number>>;
}

/** Optional inputs of {@link triageFinding}; the defaults are the shipped calibration. */
export interface TriageOptions {
  calibration?: Calibration;
}

export type EvidenceEffect =
  'true_positive' | 'false_positive' | 'wont_fix' | 'severity' | 'neutral';

/** One signal the engine considered. */
export interface Evidence {
  /** Stable signal name, e.g. `literal_argument`, `sanitizer`, `non_production_path`. */
  signal: string;
  effect: EvidenceEffect;
  /** One sentence a security engineer can check; free of line numbers (they shift between scans). */
  detail: string;
  /** Log-odds contribution towards TRUE_POSITIVE (negative: towards FALSE_POSITIVE). */
  weight?: number;
  /** Where the signal was seen (display only; not part of the evidence hash). */
  at?: { uri: string; line: number | null };
  /** The reconstructed path from the sources to the sink (display only; not hashed). */
  path?: PathStepView[];
}

/** One step of a reconstructed flow, as shown in the evidence panel. */
export interface PathStepView {
  uri: string;
  line: number;
  /** `source`, `assign`, `propagate`, `container`, `branch`, `kill`, `sanitizer`, `sink`... */
  kind: string;
  code: string;
}

/** What the optional LLM second opinion said and whether it changed anything. */
export interface SecondOpinionRecord {
  model: string;
  classification: Classification;
  confidence: number;
  /** True when it moved the verdict's classification or confidence. */
  applied: boolean;
}

export interface Verdict {
  classification: Classification;
  severity: Severity;
  /** In [0, 1], calibrated: among verdicts with confidence about c, about a fraction c are right. */
  confidence: number;
  /** One or two sentences naming the deciding evidence. */
  justification: string;
  /** Every signal considered, in order of influence. */
  evidence: Evidence[];
  vulnerabilityClass: string | null;
  cwe: string[];
  /** A codemod exists for this tool + rule + language. */
  codemodAvailable: boolean;
  /** The deterministic signals leave it open (the service may ask an LLM). */
  uncertain: boolean;
  /** Probability of a real vulnerability from the deterministic signals (null for WONT_FIX rules). */
  probabilityTrue: number | null;
  /** Present when an LLM second opinion was merged (the `ai_generated`-style marker). */
  secondOpinion?: SecondOpinionRecord;
}
