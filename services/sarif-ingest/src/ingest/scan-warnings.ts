import type { ScanWarning } from '@remediation/contracts';
import type { NormalizedLog } from '@remediation/sarif';

/**
 * What a CI operator should know about how an accepted document became findings (recorded on
 * the scan after the acceptance repairs): results not kept, collapsed repeats, and locations
 * that are not repository-relative paths.
 */
export const ingestionWarnings = (log: NormalizedLog, hadCheckoutUri: boolean): ScanWarning[] => {
  const warnings: ScanWarning[] = [];
  if (log.skipped > 0) {
    warnings.push({
      path: '/runs',
      message: `${log.skipped} results report no problem (kind pass, notApplicable or informational, or baselineState absent) and were not kept`,
      action: 'ignored',
    });
  }
  if (log.duplicates > 0) {
    warnings.push({
      path: '/runs',
      message: `${log.duplicates} duplicate results were collapsed into existing findings`,
      action: 'ignored',
    });
  }
  const invalid = log.findings.filter((f) => f.problems.includes('invalid_uri')).length;
  if (invalid > 0) {
    warnings.push({
      path: '/runs',
      message: hadCheckoutUri
        ? `${invalid} findings have a location outside the checkout or not a repository-relative path (marked invalid_uri)`
        : `${invalid} findings have an absolute or backslashed location (marked invalid_uri); upload with checkout_uri (remediate upload sends it) to make paths under the checkout repository-relative`,
      action: 'marked',
    });
  }
  return warnings;
};
