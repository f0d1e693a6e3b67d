import { classById, classFromCwe, type VulnerabilityClass } from './classes.js';

// Words in rule ids, names and descriptions, most specific first. Used only for rules the
// catalog does not list and whose SARIF carries no CWE the class table knows.
const KEYWORDS: [RegExp, string][] = [
  [/no-?sqli|nosql|mongo/i, 'nosql-injection'],
  [/sql/i, 'sql-injection'],
  [/command|shell|subprocess|os-?exec|child[-_]?process|popen/i, 'command-injection'],
  [/eval|code[-_ ]?injection/i, 'code-injection'],
  [
    /path[-_ ]?traversal|path[-_ ]?injection|directory traversal|\blfr\b|zip-?slip|traversal/i,
    'path-traversal',
  ],
  [/xss|cross[- ]site scripting|innerhtml|html-?injection/i, 'xss'],
  [/ssrf|request[-_ ]?forgery/i, 'ssrf'],
  [/open[-_ ]?redirect|url[-_ ]?redirect/i, 'open-redirect'],
  [/xxe|external entit/i, 'xxe'],
  [/xpath/i, 'xpath-injection'],
  [/ldap/i, 'ldap-injection'],
  [/deserializ|pickle|yaml[-_.]?load|marshal/i, 'deserialization'],
  [/redos|catastrophic|unsafe[-_]regex|slow[-_]regex/i, 'redos'],
  [/regex|regexp/i, 'regex-injection'],
  [/random/i, 'insecure-randomness'],
  [/md5|sha-?1\b|weak[-_ ]?hash|hashing/i, 'weak-hash'],
  [/cipher|\bdes\b|rc4|ecb|weak[-_ ]?key|crypto/i, 'weak-cipher'],
  [/password|secret|credential|api[-_ ]?key|token|private[-_ ]?key/i, 'hardcoded-secret'],
  [/cert|verify|tls|ssl/i, 'tls-verification'],
  [/cookie/i, 'insecure-cookie'],
  [/cors|origin/i, 'cors'],
  [/csrf/i, 'csrf'],
  [/debug/i, 'debug-enabled'],
  [/timing/i, 'timing-attack'],
  [/log[-_ ]?injection|crlf/i, 'log-injection'],
  [/CVE-\d+|GHSA-/i, 'vulnerable-dependency'],
];

export interface RuleText {
  ruleId: string | null;
  name: string | null;
  shortDescription: string | null;
  tags: readonly string[];
  cwe: readonly string[];
}

/** A class from the rule's CWE tags, else from words in its id, name or description. */
export const inferClass = (rule: RuleText): VulnerabilityClass | undefined => {
  const fromCwe = classFromCwe(rule.cwe);
  if (fromCwe) return fromCwe;
  const text = [rule.ruleId, rule.name, rule.shortDescription].filter(Boolean).join(' ');
  for (const [re, id] of KEYWORDS) if (re.test(text)) return classById(id);
  return undefined;
};
