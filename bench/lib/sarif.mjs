// The CodeQL results of fixable sites (bench/lib/repos.mjs `tokenSources`) added to a generated
// SARIF log (test/e2e/generate.ts), with the two rules they report.

/** Adds the rules and one result per site (`{ruleId, uri, startLine, ...}`) to `log`'s run. */
export const withFixable = (log, sites) => {
  const run = log.runs[0];
  for (const [id, cwe, severity] of [
    ['js/insecure-randomness', 338, '7.8'],
    ['js/weak-cryptographic-algorithm', 327, '7.5'],
  ])
    run.tool.driver.rules.push({
      id,
      shortDescription: { text: id },
      properties: {
        tags: ['security', `external/cwe/cwe-${cwe}`],
        precision: 'high',
        'security-severity': severity,
      },
    });
  for (const f of sites)
    run.results.push({
      ruleId: f.ruleId,
      level: 'error',
      message: { text: f.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: f.uri, uriBaseId: '%SRCROOT%' },
            region: {
              startLine: f.startLine,
              startColumn: f.startColumn,
              endLine: f.endLine,
              endColumn: f.endColumn,
            },
          },
        },
      ],
    });
  return log;
};
