import type { Severity } from '../types.js';

/**
 * What kind of problem a class is, which decides the signals that apply: `taint` classes have a
 * source and a sink (literal arguments, sanitizers and flows matter), `crypto` and `secret`
 * classes have look-alikes, `config` and `dependency` findings are judged on rule knowledge.
 */
export type ClassKind = 'taint' | 'crypto' | 'secret' | 'config' | 'dependency' | 'quality';

export interface VulnerabilityClass {
  id: string;
  title: string;
  kind: ClassKind;
  cwe: string[];
  /** Severity of a real instance when the tool gives no score (close to CodeQL's scores). */
  severity: Severity;
}

const c = (
  id: string,
  title: string,
  kind: ClassKind,
  cwe: number[],
  severity: Severity,
): VulnerabilityClass => ({ id, title, kind, cwe: cwe.map((n) => `CWE-${n}`), severity });

/** Every vulnerability class the engine knows, by id. */
export const VULNERABILITY_CLASSES: Readonly<Record<string, VulnerabilityClass>> = Object.freeze(
  Object.fromEntries(
    [
      c('sql-injection', 'SQL injection', 'taint', [89], 'high'),
      c('nosql-injection', 'NoSQL injection', 'taint', [943], 'high'),
      c('command-injection', 'OS command injection', 'taint', [78, 88], 'critical'),
      c('code-injection', 'Code injection', 'taint', [94, 95], 'critical'),
      c('path-traversal', 'Path traversal', 'taint', [22, 23, 36, 73], 'high'),
      c('xss', 'Cross-site scripting', 'taint', [79, 80, 116], 'medium'),
      c('ssrf', 'Server-side request forgery', 'taint', [918], 'critical'),
      c('open-redirect', 'Open redirect', 'taint', [601], 'medium'),
      c('xxe', 'XML external entity expansion', 'taint', [611, 776, 827], 'high'),
      c('xpath-injection', 'XPath injection', 'taint', [643], 'high'),
      c('ldap-injection', 'LDAP injection', 'taint', [90], 'high'),
      c('log-injection', 'Log injection', 'taint', [117], 'medium'),
      c('header-injection', 'HTTP header injection', 'taint', [113], 'medium'),
      c('regex-injection', 'Regular expression injection', 'taint', [730, 400], 'medium'),
      c('redos', 'Inefficient regular expression', 'quality', [1333, 730], 'medium'),
      c('deserialization', 'Unsafe deserialization', 'taint', [502], 'critical'),
      c('template-injection', 'Server-side template injection', 'taint', [1336], 'critical'),
      c('prototype-pollution', 'Prototype pollution', 'taint', [1321, 915], 'medium'),
      c('file-inclusion', 'Dynamic module loading', 'taint', [829, 98], 'high'),
      c('information-exposure', 'Information exposure', 'taint', [209, 497, 200, 532], 'medium'),
      c('weak-hash', 'Weak cryptographic hash', 'crypto', [327, 328, 916], 'medium'),
      c('weak-cipher', 'Broken or risky cryptography', 'crypto', [327, 326, 780], 'high'),
      c('insecure-randomness', 'Insecure randomness', 'crypto', [330, 338], 'medium'),
      c('timing-attack', 'Timing attack on a secret comparison', 'crypto', [208], 'low'),
      c('hardcoded-secret', 'Hard-coded credentials', 'secret', [798, 259, 321], 'high'),
      c('tls-verification', 'Disabled certificate validation', 'config', [295], 'high'),
      c('weak-tls', 'Weak TLS configuration', 'config', [326, 327], 'medium'),
      c('cleartext-transport', 'Cleartext transmission', 'config', [319], 'medium'),
      c('insecure-cookie', 'Insecure cookie', 'config', [614, 1004, 1275], 'low'),
      c('csrf', 'Missing CSRF protection', 'config', [352], 'medium'),
      c('cors', 'Permissive CORS', 'config', [346, 942], 'medium'),
      c('debug-enabled', 'Debug mode enabled', 'config', [215, 489], 'medium'),
      c('permissions', 'Overly permissive file permissions', 'config', [276, 732], 'medium'),
      c('missing-rate-limit', 'Missing rate limiting', 'config', [770, 400], 'medium'),
      c('resource-exhaustion', 'Uncontrolled resource consumption', 'config', [400, 409], 'medium'),
      c('binding-all-interfaces', 'Binding to all interfaces', 'config', [605, 200], 'low'),
      c('jwt', 'Weak JWT handling', 'config', [347, 345], 'high'),
      c('iac-misconfiguration', 'Infrastructure misconfiguration', 'config', [16], 'medium'),
      c('vulnerable-dependency', 'Vulnerable dependency', 'dependency', [1395, 937], 'high'),
      c('error-handling', 'Unchecked error', 'quality', [703, 755], 'low'),
      c('assert-used', 'Assertion used for a check', 'quality', [703], 'low'),
      c('code-quality', 'Code quality', 'quality', [], 'info'),
    ].map((v) => [v.id, v]),
  ),
);

/** The class with an id, or undefined. */
export const classById = (id: string | null | undefined): VulnerabilityClass | undefined =>
  id ? VULNERABILITY_CLASSES[id] : undefined;

// The first class listing a CWE wins: the order above puts the specific classes first.
const BY_CWE = new Map<string, string>();
for (const v of Object.values(VULNERABILITY_CLASSES))
  for (const cwe of v.cwe) if (!BY_CWE.has(cwe)) BY_CWE.set(cwe, v.id);

/** The class of the first CWE that names one (for rules the catalog does not know). */
export const classFromCwe = (cwes: readonly string[]): VulnerabilityClass | undefined => {
  for (const cwe of cwes) {
    const id = BY_CWE.get(cwe.toUpperCase().replace(/^CWE-0+/, 'CWE-'));
    if (id) return VULNERABILITY_CLASSES[id];
  }
  return undefined;
};
