// SARIF → findings (repository-relative paths), and CodeQL-shaped findings written from the
// labels for sites the real scanner does not report (marked as such in the report).
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';

/** Findings of a SARIF log, with paths relative to `root`. */
export const findingsFromSarif = (sarif, root) =>
  sarif.runs.flatMap((run) =>
    (run.results ?? []).map((result) => {
      const location = result.locations[0].physicalLocation;
      const uri = location.artifactLocation.uri;
      const path = uri.startsWith('file:') ? relative(root, fileURLToPath(uri)) : uri;
      const { startLine, startColumn, endLine, endColumn } = location.region;
      return {
        source: 'eslint',
        tool: run.tool.driver.name,
        ruleId: result.ruleId,
        path: path.split('\\').join('/'),
        location: { startLine, startColumn, endLine, endColumn },
        message: result.message.text,
      };
    }),
  );

/** The CodeQL query that reports each class (for CodeQL-shaped findings). */
export const CODEQL_RULE = {
  'sql-injection': 'js/sql-injection',
  'reflected-xss': 'js/reflected-xss',
  'open-redirect': 'js/server-side-unvalidated-url-redirection',
  'log-injection': 'js/log-injection',
  'jwt-algorithms': 'js/jwt-missing-verification',
  'insecure-cookie': 'js/clear-text-cookie',
  'tls-verification': 'js/disabling-certificate-validation',
  'path-traversal': 'js/path-injection',
  'prototype-pollution': 'js/prototype-polluting-assignment',
  'eval-json': 'js/code-injection',
  'regex-injection': 'js/regex-injection',
  'weak-hash': 'js/weak-cryptographic-algorithm',
  'command-injection': 'js/command-line-injection',
  'dom-xss': 'js/xss-through-dom',
  'insecure-randomness': 'js/insecure-randomness',
};

/** A CodeQL-shaped finding for a labelled site: the snippet's exact region on its line. */
export const codeqlShaped = (label, text) => {
  const line = text.split('\n')[label.line - 1];
  const column = line.indexOf(label.snippet) + 1;
  return {
    source: 'codeql-shaped',
    tool: 'CodeQL',
    ruleId: CODEQL_RULE[label.class],
    path: label.file,
    location: {
      startLine: label.line,
      startColumn: column,
      endLine: label.line,
      endColumn: column + label.snippet.length,
    },
    message: label.why,
  };
};
