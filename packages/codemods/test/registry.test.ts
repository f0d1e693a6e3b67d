import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  catalog,
  catalogMarkdown,
  CODEMODS,
  codeFlowsFromSarif,
  codemodsFor,
  filesToLoad,
  LANGUAGES,
  scannerOf,
} from '../src/index.js';
import { fixtureDir } from './fixture-loader.js';
import { existsSync } from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));
const CORPUS = join(here, '../../../../shared/sarif-corpus');
const corpus = (name: string) =>
  JSON.parse(readFileSync(join(CORPUS, name), 'utf8').replace(/^\uFEFF/, '')) as {
    runs: {
      tool: { driver: { name: string; rules?: { id: string }[] } };
      results: { ruleId: string; codeFlows?: unknown }[];
    }[];
  };

/** The first result (or rule descriptor) of a corpus file with a rule id, and its driver name. */
const resultOf = (file: string, ruleId: string) => {
  for (const run of corpus(file).runs) {
    const result = run.results.find((r) => r.ruleId === ruleId);
    if (result) return { tool: run.tool.driver.name, result };
    if (run.tool.driver.rules?.some((r) => r.id === ruleId)) {
      return {
        tool: run.tool.driver.name,
        result: { ruleId } as { ruleId: string; codeFlows?: unknown },
      };
    }
  }
  throw new Error(`${ruleId} not in ${file}`);
};

describe('registry', () => {
  it('when codemods are listed, then ids are unique, well formed, and each has fixtures', () => {
    const ids = CODEMODS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CODEMODS) {
      expect(c.id).toMatch(/^remediate:(js|python|java|go)\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.languages.every((l) => LANGUAGES.includes(l))).toBe(true);
      expect(Object.values(c.rules).flat().length).toBeGreaterThan(0);
      expect(existsSync(fixtureDir(c))).toBe(true);
    }
  });

  it.each([
    [
      'njsscan__dd_njsscan.sarif',
      'node_insecure_random_generator',
      'javascript',
      'remediate:js/insecure-randomness',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.rules.lgpl.javascript.crypto.rules_lgpl_javascript_crypto_rule-node-insecure-random-generator',
      'typescript',
      'remediate:js/insecure-randomness',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.javascript.dos.javascript_dos_rule-non-literal-regexp',
      'typescript',
      'remediate:js/regex-injection',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.javascript.eval.javascript_eval_rule-eval-with-expression',
      'typescript',
      'remediate:js/eval-json',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.javascript.pathtraversal.javascript_pathtraversal_rule-non-literal-fs-filename',
      'typescript',
      'remediate:js/path-traversal',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.rules.lgpl.javascript.redirect.rules_lgpl_javascript_redirect_rule-express-open-redirect',
      'typescript',
      'remediate:js/open-redirect',
    ],
    [
      'semgrep__dd_issue_10191.sarif',
      'vulnerability-management-registry.semgrep-rules.gitlab-rules.sast-rules.rules.lgpl.javascript.xss.rules_lgpl_javascript_xss_rule-express-xss',
      'typescript',
      'remediate:js/reflected-xss',
    ],
    [
      'snykcode__dd_issue_9270.sarif',
      'javascript/JwtDecodeMethod',
      'typescript',
      'remediate:js/jwt-algorithms',
    ],
    [
      'snykcode__dd_issue_9270.sarif',
      'javascript/PrototypePollution',
      'typescript',
      'remediate:js/prototype-pollution',
    ],
    [
      'snykcode__dd_issue_9270.sarif',
      'javascript/Sqli',
      'typescript',
      'remediate:js/sql-injection',
    ],
    ['snykcode__dd_issue_9270.sarif', 'javascript/DOMXSS', 'typescript', 'remediate:js/dom-xss'],
    [
      'snykcode__dd_issue_9270.sarif',
      'javascript/InsecureHash',
      'javascript',
      'remediate:js/weak-hash',
    ],
    ['snykcode__dd_issue_9270.sarif', 'javascript/PT', 'typescript', 'remediate:js/path-traversal'],
    ['snykcode__dd_issue_9270.sarif', 'javascript/XSS', 'typescript', 'remediate:js/reflected-xss'],
    [
      'codeql__roller_java_large.sarif',
      'java/insecure-randomness',
      'java',
      'remediate:java/insecure-random',
    ],
    [
      'codeql__dd_codeQL_output.sarif',
      'py/unsafe-deserialization',
      'python',
      'remediate:python/yaml-unsafe-load',
    ],
    [
      'codeql__dd_codeQL_output.sarif',
      'py/unsafe-deserialization',
      'python',
      'remediate:python/pickle-to-json',
    ],
    [
      'codeql__dd_codeQL_output.sarif',
      'py/sql-injection',
      'python',
      'remediate:python/sql-parameterized',
    ],
    ['codeql__dd_codeQL_output.sarif', 'py/flask-debug', 'python', 'remediate:python/flask-debug'],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/request-without-cert-validation',
      'python',
      'remediate:python/tls-verify-disabled',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/insecure-temporary-file',
      'python',
      'remediate:python/tempfile-mktemp',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/weak-sensitive-data-hashing',
      'python',
      'remediate:python/weak-hash',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/xxe',
      'python',
      'remediate:python/xml-defusedxml',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/xml-bomb',
      'python',
      'remediate:python/lxml-resolve-entities',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/command-line-injection',
      'python',
      'remediate:python/subprocess-shell-true',
    ],
    [
      'codeql__filter-sarif_test_input.sarif',
      'py/command-line-injection',
      'python',
      'remediate:python/os-system',
    ],
  ] as const)(
    'when the corpus file %s reports %s, then the codemod is found',
    (file, ruleId, language, id) => {
      const { tool } = resultOf(file, ruleId);
      expect(codemodsFor(tool, ruleId, language).map((c) => c.id)).toContain(id);
    },
  );

  it('when a rule id carries an LGTM pack prefix or the language does not match, then lookup follows', () => {
    expect(
      codemodsFor('LGTM.com', 'com.lgtm/javascript-queries:js/insecure-randomness', 'javascript'),
    ).toHaveLength(1);
    expect(codemodsFor('CodeQL', 'js/insecure-randomness', 'python')).toEqual([]);
    expect(codemodsFor('Unknown Scanner', 'js/insecure-randomness', 'javascript')).toEqual([]);
  });

  it('when driver names are read, then they map to scanner keys', () => {
    expect(
      [
        'CodeQL',
        'Semgrep OSS',
        'ESLint',
        'Bandit',
        'SnykCode',
        'SonarQube',
        'nodejsscan',
        'gosec',
      ].map(scannerOf),
    ).toEqual(['codeql', 'semgrep', 'eslint', 'bandit', 'snyk', 'sonarqube', 'njsscan', 'gosec']);
  });

  it('when the catalog is rendered, then docs/codemods.md is up to date (run the build to regenerate)', () => {
    const docs = readFileSync(join(here, '../../../docs/codemods.md'), 'utf8');
    expect(docs).toBe(catalogMarkdown(catalog()));
    expect(catalog().map((c) => c.id)).toEqual(CODEMODS.map((c) => c.id));
  });
});

describe('code flows', () => {
  it('when a CodeQL result has two flows across files, then each becomes steps source first', () => {
    const { result } = resultOf('codeql__roller_java_large.sarif', 'java/insecure-randomness');
    const flows = codeFlowsFromSarif(result.codeFlows);
    expect(flows).toHaveLength(2);
    expect(flows[0]![0]).toMatchObject({
      path: 'app/src/main/java/org/apache/roller/weblogger/ui/struts2/admin/UserEdit.java',
      startLine: 161,
      startColumn: 39,
      message: 'randomAlphanumeric(...) : String',
    });
    const path = 'app/src/main/java/org/apache/roller/weblogger/pojos/User.java';
    expect(
      filesToLoad(path, {
        ruleId: 'x',
        tool: 'CodeQL',
        location: { startLine: 1 },
        codeFlows: flows,
      }),
    ).toEqual([
      'app/src/main/java/org/apache/roller/weblogger/ui/struts2/admin/UserEdit.java',
      'app/src/main/java/org/apache/roller/weblogger/ui/struts2/core/Profile.java',
      'app/src/main/java/org/apache/roller/weblogger/pojos/pom.xml',
      'app/src/main/java/org/apache/roller/weblogger/pom.xml',
      'app/src/main/java/org/apache/roller/pom.xml',
      'app/src/main/java/org/apache/pom.xml',
      'app/src/main/java/org/pom.xml',
      'app/src/main/java/pom.xml',
      'app/src/main/pom.xml',
      'app/src/pom.xml',
      'app/pom.xml',
      'pom.xml',
    ]);
  });
});
