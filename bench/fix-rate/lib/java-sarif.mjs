// SYNTHESIZED Java SARIF. No Java SAST scanner can be installed here (CodeQL, Semgrep and
// SpotBugs all need downloads the machine does not allow), so, as issue 9 asks, the Java part of
// the fix-rate benchmark writes SARIF "in the shape of the corpus's CodeQL/Semgrep files pointing
// at the code": one CodeQL-shaped run and one Semgrep-shaped run, built from the `reports` of the
// labelled sites in labels/java.json. Shapes follow ../../shared/sarif-corpus:
// codeql__bugsy_java_ssrf.sarif / codeql__roller_java_large.sarif (rules in the
// codeql/java-queries extension, `rule` references, single-line regions without endLine,
// codeFlows source → sink with relatedLocations) and semgrep__dd_owasp_benchmark_sample.sarif
// (dotted registry ids, full start/end regions, multi-line regions for `...` patterns).
// These are not results of a real scanner run; the bench says so in its output.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeFlowsFromSarif } from '@remediation/codemods';

const CODEQL_RULES = {
  'java/sql-injection': [
    'Query built from user-controlled sources',
    'path-problem',
    'high',
    '8.8',
    [89, 564],
  ],
  'java/concatenated-sql-query': [
    'Query built by concatenation with a possibly-untrusted string',
    'problem',
    'medium',
    '8.8',
    [89, 564],
  ],
  'java/log-injection': ['Log Injection', 'path-problem', 'medium', '7.8', [117]],
  'java/path-injection': [
    'Uncontrolled data used in path expression',
    'path-problem',
    'high',
    '7.5',
    [22, 23, 36, 73, 99],
  ],
  'java/zipslip': [
    'Arbitrary file access during archive extraction ("Zip Slip")',
    'path-problem',
    'high',
    '7.5',
    [22],
  ],
  'java/insecure-cookie': ['Failure to use secure cookies', 'problem', 'high', '5.0', [614]],
  'java/insecure-randomness': ['Insecure randomness', 'path-problem', 'medium', '7.8', [330, 338]],
  'java/weak-cryptographic-algorithm': [
    'Use of a broken or risky cryptographic algorithm',
    'path-problem',
    'high',
    '7.5',
    [327, 328],
  ],
  'java/unsafe-tls-version': ['Unsafe TLS version', 'path-problem', 'high', '7.5', [327]],
  'java/concatenated-command-line': [
    'Building a command line with string concatenation',
    'problem',
    'high',
    '9.8',
    [78, 88],
  ],
};

const CODEQL_MESSAGES = {
  'java/sql-injection': 'This query depends on a [user-provided value](1).',
  'java/concatenated-sql-query':
    'Query built by concatenation with [this expression](1), which may be untrusted.',
  'java/log-injection': 'This log entry depends on a [user-provided value](1).',
  'java/path-injection': 'This path depends on a [user-provided value](1).',
  'java/zipslip':
    "Unsanitized archive entry, which may contain '..', is used in a [file system operation](1).",
  'java/insecure-cookie': "Cookie is added to response without the 'secure' flag being set.",
  'java/insecure-randomness':
    'Potential Insecure randomness due to a [Insecure randomness source.](1).',
  'java/weak-cryptographic-algorithm':
    'Cryptographic algorithm [weak](1) is weak and should not be used.',
  'java/unsafe-tls-version': '[TLSv1](1) is unsafe.',
  'java/concatenated-command-line': 'Command line is built with string concatenation.',
};

const SEMGREP_MESSAGES = {
  'formatted-sql-string':
    "Detected a formatted string in a SQL statement. This could lead to SQL\ninjection if variables in the SQL statement are not properly sanitized.\nUse a prepared statements (java.sql.PreparedStatement) instead. You\ncan obtain a PreparedStatement using 'connection.prepareStatement'.\n",
  'jdbc-sqli':
    "Detected a formatted string in a SQL statement. This could lead to SQL injection if variables in the SQL statement are not properly sanitized. Use a prepared statements (java.sql.PreparedStatement) instead. You can obtain a PreparedStatement using 'connection.prepareStatement'.",
  'crlf-injection-logs':
    'When data from an untrusted source is put into a logger and not neutralized correctly, an attacker could forge log entries or include malicious content.',
  'httpservlet-path-traversal':
    "Detected a potential path traversal. A malicious actor could control the location of this file, to include going backwards in the directory with '../'.",
  'documentbuilderfactory-disallow-doctype-decl-missing':
    'DOCTYPE declarations are enabled for this DocumentBuilderFactory. This is vulnerable to XML external entity attacks.',
  'saxparserfactory-disallow-doctype-decl-missing':
    'DOCTYPE declarations are enabled for this SAXParserFactory. This is vulnerable to XML external entity attacks.',
  'xmlinputfactory-possible-xxe':
    'XML external entities are not explicitly disabled for this XMLInputFactory. This could be vulnerable to XML external entity vulnerabilities.',
  'transformerfactory-dtds-not-disabled':
    'DOCTYPE declarations are enabled for this TransformerFactory. This is vulnerable to XML external entity attacks.',
  'cookie-missing-secure-flag':
    "A cookie was detected without setting the 'secure' flag. The 'secure' flag\nfor cookies prevents the client from transmitting the cookie over insecure\nchannels such as HTTP. Set the 'secure' flag by calling 'cookie.setSecure(true);'\n",
  'cookie-missing-httponly':
    "A cookie was detected without setting the 'HttpOnly' flag. The 'HttpOnly' flag\nfor cookies instructs the browser to forbid client-side scripts from reading the\ncookie. Set the 'HttpOnly' flag by calling 'cookie.setHttpOnly(true);'\n",
  'weak-random':
    'Detected use of the functions `Math.random()` or `java.util.Random()`. These are both not cryptographically strong random number generators (RNGs).',
  'use-of-md5':
    'Detected MD5 hash algorithm which is considered insecure. MD5 is not collision resistant and is therefore not suitable as a cryptographic signature. Use HMAC instead.',
  'use-of-sha1':
    'Detected SHA1 hash algorithm which is considered insecure. SHA1 is not collision resistant and is therefore not suitable as a cryptographic signature. Use SHA256 or SHA3 instead.',
  'use-of-default-aes':
    'Use of AES with no settings detected. By default, java.crypto.Cipher uses ECB mode. ECB doesn\'t provide message confidentiality and is not semantically secure so should not be used. Instead, use a strong, secure cipher: java.crypto.Cipher.getInstance("AES/CBC/PKCS7PADDING").',
  'weak-ssl-context':
    'An insecure SSL context was detected. TLS versions 1.0, 1.1, and all SSL versions are considered weak encryption and are deprecated. Use SSLContext.getInstance("TLSv1.2") for the best security.',
  'command-injection-formatted-runtime-call':
    'A formatted or concatenated string was detected as input to a java.lang.Runtime call.\nThis is dangerous if a variable is controlled by user input and could result in a\ncommand injection. Ensure your variables are not controlled by users or sufficiently sanitized.\n',
};

const lineOf = (projectDir, file, line) =>
  readFileSync(join(projectDir, file), 'utf8').split('\n')[line - 1] ?? '';

/** The SARIF region (1-based, end exclusive) of `text` on a line, as CodeQL or Semgrep write it. */
const regionOf = (projectDir, at, style) => {
  const line = lineOf(projectDir, at.file, at.line);
  const index = line.indexOf(at.text);
  if (index < 0) throw new Error(`"${at.text}" not on ${at.file}:${at.line}`);
  const startColumn = index + 1;
  const endColumn = startColumn + at.text.length;
  return style === 'codeql'
    ? { startLine: at.line, startColumn, endColumn }
    : { startLine: at.line, startColumn, endLine: at.line, endColumn };
};

/** A Semgrep multi-line region: first non-blank column of the first line to the end of the last. */
const spanRegion = (projectDir, span) => {
  const first = lineOf(projectDir, span.file, span.fromLine);
  const last = lineOf(projectDir, span.file, span.toLine);
  return {
    startLine: span.fromLine,
    startColumn: first.length - first.trimStart().length + 1,
    endLine: span.toLine,
    endColumn: last.trimEnd().length + 1,
  };
};

const physical = (uri, region, index) => ({
  physicalLocation: { artifactLocation: { uri, uriBaseId: '%SRCROOT%', index }, region },
});

const lineHash = (projectDir, file, line) =>
  `${createHash('sha256')
    .update(lineOf(projectDir, file, line).trim())
    .digest('hex')
    .slice(0, 16)}:1`;

/** The CodeQL-shaped run for the labelled sites' CodeQL reports. */
export const codeqlSarif = (sites, projectDir) => {
  const reports = sites.flatMap((s) => s.reports.filter((r) => r.tool === 'codeql'));
  const ruleIds = [...new Set(reports.map((r) => r.rule))].sort();
  const files = [
    ...new Set(reports.flatMap((r) => [r.at.file, ...(r.flow ?? []).map((f) => f.file)])),
  ].sort();
  const index = (file) => files.indexOf(file);
  const results = reports.map((r) => {
    const region = regionOf(projectDir, r.at, 'codeql');
    const steps = (r.flow ?? []).map((f) => ({
      location: {
        ...physical(f.file, regionOf(projectDir, f, 'codeql'), index(f.file)),
        message: { text: f.message },
      },
    }));
    const sink = {
      location: { ...physical(r.at.file, region, index(r.at.file)), message: { text: r.at.text } },
    };
    const result = {
      ruleId: r.rule,
      rule: { id: r.rule, index: ruleIds.indexOf(r.rule), toolComponent: { index: 0 } },
      message: { text: CODEQL_MESSAGES[r.rule] },
      locations: [physical(r.at.file, region, index(r.at.file))],
      partialFingerprints: { primaryLocationLineHash: lineHash(projectDir, r.at.file, r.at.line) },
    };
    if (steps.length > 0) {
      result.codeFlows = [{ threadFlows: [{ locations: [...steps, sink] }] }];
      result.relatedLocations = [
        {
          id: 1,
          ...physical(
            r.flow[0].file,
            steps[0].location.physicalLocation.region,
            index(r.flow[0].file),
          ),
          message: { text: 'user-provided value' },
        },
      ];
    }
    return result;
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'CodeQL', organization: 'GitHub', semanticVersion: '2.19.3', rules: [] },
          extensions: [
            {
              name: 'codeql/java-queries',
              semanticVersion: '1.1.9',
              rules: ruleIds.map((id) => {
                const [name, kind, precision, severity, cwes] = CODEQL_RULES[id];
                return {
                  id,
                  name: id,
                  shortDescription: { text: name },
                  defaultConfiguration: { enabled: true, level: 'error' },
                  properties: {
                    tags: [
                      'security',
                      ...cwes.map((c) => `external/cwe/cwe-${String(c).padStart(3, '0')}`),
                    ],
                    kind,
                    precision,
                    'security-severity': severity,
                  },
                };
              }),
            },
          ],
        },
        artifacts: files.map((uri) => ({
          location: { uri, uriBaseId: '%SRCROOT%', index: index(uri) },
        })),
        results,
        columnKind: 'utf16CodeUnits',
        properties: { 'semmle.formatSpecifier': 'sarif-latest', synthesized: true },
      },
    ],
  };
};

/** The Semgrep-shaped run for the labelled sites' Semgrep reports. */
export const semgrepSarif = (sites, projectDir) => {
  const reports = sites.flatMap((s) => s.reports.filter((r) => r.tool === 'semgrep'));
  const ruleIds = [...new Set(reports.map((r) => r.rule))].sort();
  const message = (id) => SEMGREP_MESSAGES[id.slice(id.lastIndexOf('.') + 1)];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Semgrep OSS',
            semanticVersion: '1.85.0',
            rules: ruleIds.map((id) => ({
              id,
              name: id,
              shortDescription: { text: message(id) },
              fullDescription: { text: message(id) },
              defaultConfiguration: { level: 'warning' },
              properties: { precision: 'very-high', tags: ['security'] },
            })),
          },
        },
        results: reports.map((r) => {
          const file = r.at?.file ?? r.span.file;
          const region = r.at
            ? regionOf(projectDir, r.at, 'semgrep')
            : spanRegion(projectDir, r.span);
          return {
            ruleId: r.rule,
            message: { text: message(r.rule) },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' },
                  region,
                },
              },
            ],
            fingerprints: {
              matchBasedId: createHash('sha256')
                .update(`${r.rule}:${file}:${region.startLine}`)
                .digest('hex'),
            },
          };
        }),
        properties: { synthesized: true },
      },
    ],
  };
};

/** Findings as the fixer builds them from stored SARIF results (the service's own shape). */
export const findingsFromSarif = (sarif) =>
  sarif.runs.flatMap((run) =>
    run.results.map((r) => {
      const location = r.locations[0].physicalLocation;
      return {
        path: location.artifactLocation.uri,
        ruleId: r.ruleId,
        tool: run.tool.driver.name,
        location: location.region,
        codeFlows: codeFlowsFromSarif(r.codeFlows),
        message: r.message.text,
      };
    }),
  );
