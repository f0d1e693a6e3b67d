import type { NormalizedLog } from '@remediation/sarif';

/** What a CI operator should know about a document that was accepted (recorded on the scan). */
export const ingestionWarnings = (log: NormalizedLog, hadCheckoutUri: boolean): string[] => {
  const warnings: string[] = [];
  if (log.skipped > 0) {
    warnings.push(
      `${log.skipped} results report no problem (kind pass, notApplicable or informational, or baselineState absent) and were not kept`,
    );
  }
  if (log.duplicates > 0) {
    warnings.push(`${log.duplicates} duplicate results were collapsed into existing findings`);
  }
  const invalid = log.findings.filter((f) => f.problems.includes('invalid_uri')).length;
  if (invalid > 0) {
    warnings.push(
      hadCheckoutUri
        ? `${invalid} findings have a location outside the checkout or not a repository-relative path (invalid_uri)`
        : `${invalid} findings have an absolute or backslashed location (invalid_uri); upload with checkout_uri (remediate upload sends it) to make paths under the checkout repository-relative`,
    );
  }
  return warnings;
};
