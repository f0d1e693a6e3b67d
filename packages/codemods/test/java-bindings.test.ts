import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codemodsFor } from '../src/index.js';

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/sarif-corpus');

interface CorpusRun {
  tool: {
    driver: { name: string; rules?: { id: string }[] };
    extensions?: { rules?: { id: string }[] }[];
  };
  results: { ruleId: string }[];
}

/** The driver name of the corpus run that reports or describes a rule id. */
const driverOf = (file: string, ruleId: string): string => {
  const sarif = JSON.parse(readFileSync(join(CORPUS, file), 'utf8').replace(/^\uFEFF/, '')) as {
    runs: CorpusRun[];
  };
  const run = sarif.runs.find(
    (r) =>
      r.results.some((x) => x.ruleId === ruleId) ||
      r.tool.driver.rules?.some((x) => x.id === ruleId) ||
      r.tool.extensions?.some((e) => e.rules?.some((x) => x.id === ruleId)),
  );
  if (!run) throw new Error(`${ruleId} not in ${file}`);
  return run.tool.driver.name;
};

const CODEQL_BUGSY = 'codeql__bugsy_java_ssrf.sarif';
const CODEQL_ROLLER = 'codeql__roller_java_large.sarif';
const SEMGREP_OWASP = 'semgrep__dd_owasp_benchmark_sample.sarif';

describe('Java codemods bound to the corpus', () => {
  it.each([
    [CODEQL_BUGSY, 'java/log-injection', ['remediate:java/log-injection']],
    [CODEQL_BUGSY, 'java/zipslip', ['remediate:java/zip-slip']],
    [CODEQL_BUGSY, 'java/xxe', ['remediate:java/xxe-xml-factory']],
    [CODEQL_BUGSY, 'java/sql-injection', ['remediate:java/sql-prepared-statement']],
    [CODEQL_BUGSY, 'java/concatenated-sql-query', ['remediate:java/sql-prepared-statement']],
    [CODEQL_BUGSY, 'java/insecure-cookie', ['remediate:java/insecure-cookie']],
    [CODEQL_BUGSY, 'java/concatenated-command-line', ['remediate:java/command-exec-array']],
    [
      CODEQL_BUGSY,
      'java/weak-cryptographic-algorithm',
      ['remediate:java/weak-cipher-mode', 'remediate:java/weak-message-digest'],
    ],
    [CODEQL_ROLLER, 'java/path-injection', ['remediate:java/path-traversal']],
    [CODEQL_ROLLER, 'java/insecure-randomness', ['remediate:java/insecure-random']],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.formatted-sql-string.formatted-sql-string',
      ['remediate:java/sql-prepared-statement'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.cookie-missing-httponly.cookie-missing-httponly',
      ['remediate:java/insecure-cookie'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.cookie-missing-secure-flag.cookie-missing-secure-flag',
      ['remediate:java/insecure-cookie'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.cbc-padding-oracle.cbc-padding-oracle',
      ['remediate:java/weak-cipher-mode'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.command-injection-formatted-runtime-call.command-injection-formatted-runtime-call',
      ['remediate:java/command-exec-array'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.weak-ssl-context.weak-ssl-context',
      ['remediate:java/weak-tls-protocol'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.audit.crypto.weak-hash.use-of-md5',
      ['remediate:java/weak-message-digest'],
    ],
    [
      SEMGREP_OWASP,
      'java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal',
      ['remediate:java/path-traversal'],
    ],
  ] as const)(
    'when %s reports %s, then the Java codemods for it are found',
    (file, ruleId, ids) => {
      const tool = driverOf(file, ruleId);
      expect(codemodsFor(tool, ruleId, 'java').map((c) => c.id)).toEqual(ids);
    },
  );

  it.each([
    ['XXE_DOCUMENT', 'remediate:java/xxe-xml-factory'],
    ['SQL_INJECTION_JDBC', 'remediate:java/sql-prepared-statement'],
    ['WEAK_MESSAGE_DIGEST_MD5', 'remediate:java/weak-message-digest'],
    ['INSECURE_COOKIE', 'remediate:java/insecure-cookie'],
    ['HTTPONLY_COOKIE', 'remediate:java/insecure-cookie'],
    ['CRLF_INJECTION_LOGS', 'remediate:java/log-injection'],
    ['SSL_CONTEXT', 'remediate:java/weak-tls-protocol'],
    ['ECB_MODE', 'remediate:java/weak-cipher-mode'],
  ])('when SpotBugs reports %s, then %s is found', (ruleId, id) => {
    expect(codemodsFor('SpotBugs', ruleId, 'java').map((c) => c.id)).toEqual([id]);
  });

  it('when Find Security Bugs reports a path traversal, then the path-traversal codemod comes before zip-slip', () => {
    expect(codemodsFor('SpotBugs', 'PATH_TRAVERSAL_IN', 'java').map((c) => c.id)).toEqual([
      'remediate:java/path-traversal',
      'remediate:java/zip-slip',
    ]);
  });

  it('when a COOKIE_USAGE finding (sensitive data in a cookie) arrives, then no flag codemod claims it', () => {
    expect(codemodsFor('SpotBugs', 'COOKIE_USAGE', 'java')).toEqual([]);
  });
});
