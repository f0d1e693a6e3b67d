import { classById, type VulnerabilityClass } from './classes.js';
import type { Precision, Row, ToolKey } from './entry.js';
import { BANDIT_ROWS, GOSEC_ROWS } from './rules-bandit-gosec.js';
import { CODEQL_ROWS } from './rules-codeql.js';
import { ESLINT_ROWS, SONARQUBE_ROWS } from './rules-linters.js';
import { SEMGREP_ROWS } from './rules-semgrep.js';
import { SNYK_ROWS } from './rules-snyk-iac.js';
import { SPOTBUGS_ROWS } from './rules-spotbugs.js';

export type { Precision, ToolKey };

/** What the engine knows about a scanner's rule. */
export interface CatalogEntry {
  tool: ToolKey;
  /** The rule id as the catalog lists it (short form: no CodeQL pack, no Semgrep directories). */
  ruleId: string;
  vulnerabilityClass: string;
  cwe: string[];
  precision: Precision;
  title: string;
}

// SARIF `tool.driver.name` values of the scanners (as in packages/codemods, plus IaC and SCA).
const DRIVERS: [RegExp, ToolKey][] = [
  [/codeql|lgtm/i, 'codeql'],
  [/semgrep/i, 'semgrep'],
  [/^eslint$/i, 'eslint'],
  [/bandit/i, 'bandit'],
  [/gosec/i, 'gosec'],
  [/sonar/i, 'sonarqube'],
  [/snyk/i, 'snyk'],
  [/checkov/i, 'checkov'],
  [/trivy/i, 'trivy'],
  [/gitleaks/i, 'gitleaks'],
  [/njsscan|nodejsscan/i, 'njsscan'],
  [/spotbugs|find(sec)?bugs/i, 'spotbugs'],
];

/** The scanner family of a SARIF driver name, or null for tools the catalog does not know. */
export const toolKey = (tool: string): ToolKey | null =>
  DRIVERS.find(([re]) => re.test(tool.trim()))?.[1] ?? null;

const entry = (tool: ToolKey, [ruleId, cls, precision]: Row): CatalogEntry => {
  const v = classById(cls);
  if (!v) throw new Error(`catalog: unknown class ${cls} for ${tool} ${ruleId}`);
  return { tool, ruleId, vulnerabilityClass: cls, cwe: v.cwe, precision, title: v.title };
};

const TABLES: [ToolKey, readonly Row[]][] = [
  ['codeql', CODEQL_ROWS],
  ['semgrep', SEMGREP_ROWS],
  ['eslint', ESLINT_ROWS],
  ['sonarqube', SONARQUBE_ROWS],
  ['bandit', BANDIT_ROWS],
  ['gosec', GOSEC_ROWS],
  ['snyk', SNYK_ROWS],
  ['spotbugs', SPOTBUGS_ROWS],
];

/** Every rule the catalog lists (Checkov, Trivy and gitleaks are matched by id families). */
export const RULE_CATALOG: readonly CatalogEntry[] = Object.freeze(
  TABLES.flatMap(([tool, rows]) => rows.map((r) => entry(tool, r))),
);

const INDEX = new Map<string, CatalogEntry>();
for (const e of RULE_CATALOG) {
  const key = `${e.tool}\u0000${e.ruleId}`;
  if (!INDEX.has(key)) INDEX.set(key, e);
}

/** The catalog key of a reported rule id, per the scanner's id conventions. */
const shortId = (tool: ToolKey, ruleId: string): string => {
  switch (tool) {
    case 'codeql':
      return ruleId.slice(ruleId.lastIndexOf(':') + 1);
    case 'semgrep':
      return ruleId.slice(ruleId.lastIndexOf('.') + 1);
    case 'bandit':
      return /^B\d{3}/.exec(ruleId)?.[0] ?? ruleId;
    case 'gosec':
      return /^G\d{3}/.exec(ruleId)?.[0] ?? ruleId;
    case 'sonarqube':
      return /S\d+$/.exec(ruleId)?.[0] ?? ruleId;
    case 'snyk':
      return ruleId.replace(/\/test$/, '').replace(/^[a-z]+\//, '');
    default:
      return ruleId;
  }
};

const family = (tool: ToolKey, ruleId: string, cls: string, precision: Precision) => {
  const v = classById(cls) as VulnerabilityClass;
  return { tool, ruleId, vulnerabilityClass: cls, cwe: v.cwe, precision, title: v.title };
};

/** Checkov, Trivy and gitleaks name rules by families rather than by a fixed list. */
const byFamily = (tool: ToolKey, ruleId: string): CatalogEntry | undefined => {
  if (tool === 'checkov')
    return /^CKV2?_SECRET/i.test(ruleId)
      ? family(tool, ruleId, 'hardcoded-secret', 'medium')
      : /^CKV/i.test(ruleId)
        ? family(tool, ruleId, 'iac-misconfiguration', 'high')
        : undefined;
  if (tool === 'trivy')
    return /^(CVE|GHSA|GO|RUSTSEC|PYSEC|OSV)-/i.test(ruleId)
      ? family(tool, ruleId, 'vulnerable-dependency', 'high')
      : /^(AVD|DS|KSV|KCV|AWS|AZU|GCP)-?\d*/i.test(ruleId)
        ? family(tool, ruleId, 'iac-misconfiguration', 'high')
        : family(tool, ruleId, 'hardcoded-secret', 'medium');
  if (tool === 'gitleaks') return family(tool, ruleId, 'hardcoded-secret', 'medium');
  return undefined;
};

/**
 * The catalog entry of a scanner's rule, or undefined. `tool` is the SARIF driver name (or a
 * {@link ToolKey}); rule ids match as the scanner writes them (CodeQL pack prefixes, Semgrep
 * directory prefixes, Snyk language prefixes and `/test` variants, SonarQube repository keys).
 */
export const lookupRule = (tool: string, ruleId: string): CatalogEntry | undefined => {
  const key = toolKey(tool);
  if (!key) return undefined;
  return INDEX.get(`${key}\u0000${shortId(key, ruleId)}`) ?? byFamily(key, ruleId);
};
