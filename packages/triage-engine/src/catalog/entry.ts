/** Typical precision of a rule: the share of its findings that are real (CodeQL's vocabulary). */
export type Precision = 'very-high' | 'high' | 'medium' | 'low';

/** Scanner families the catalog knows. */
export type ToolKey =
  | 'codeql'
  | 'semgrep'
  | 'eslint'
  | 'bandit'
  | 'gosec'
  | 'sonarqube'
  | 'snyk'
  | 'checkov'
  | 'trivy'
  | 'gitleaks'
  | 'njsscan'
  | 'spotbugs';

/** One catalog row: a rule id as the scanner writes it (short form), its class and precision. */
export type Row = readonly [id: string, vulnerabilityClass: string, precision: Precision];
