// Judges the image smoke test's scan: argv[2] is `remediate upload --wait --json` output,
// argv[3] the repository's `GET /findings` page. Passes (exit 0) only when the scan completed
// with findings, every finding has a triage verdict, and at least one fix was generated; prints
// one summary line either way.
const [scanJson, findingsJson] = process.argv.slice(2);
const scan = JSON.parse(scanJson ?? '{}');
const page = JSON.parse(findingsJson ?? '{}');
const findings = Array.isArray(page) ? page : (page.data ?? []);

const verdicts = {};
for (const f of findings) {
  const c = f.triage?.classification ?? 'untriaged';
  verdicts[c] = (verdicts[c] ?? 0) + 1;
}
const withFix = findings.filter((f) => f.fix_id).length;
const summary =
  `scan ${scan.state}: ${scan.findings_count} findings (${Object.entries(verdicts)
    .map(([c, n]) => `${n} ${c}`)
    .join(', ')}), ${scan.fixes_generated} fixes generated, ${withFix} findings with a fix` +
  ` (${(scan.tools ?? []).join(', ')})`;

const problems = [
  scan.state !== 'completed' && `the scan is ${scan.state}${scan.error ? `: ${scan.error}` : ''}`,
  !(scan.findings_count > 0) && 'no findings',
  findings.length === 0 && 'the findings endpoint listed none',
  verdicts.untriaged && `${verdicts.untriaged} findings without a verdict`,
  !(scan.fixes_generated > 0) && 'no fix generated',
].filter(Boolean);

console.log(problems.length ? `${summary}; FAILED: ${problems.join('; ')}` : summary);
process.exit(problems.length ? 1 : 0);
