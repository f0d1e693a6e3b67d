import type { Suppression } from './sarif-types.js';

/**
 * SARIF §3.34: a suppression whose `status` is absent or `accepted` suppresses the result;
 * `underReview` and `rejected` do not. Suppressed findings are kept and shown, never fixed.
 */
export const suppressed = (suppressions: readonly Suppression[] | undefined): boolean =>
  (suppressions ?? []).some((s) => s.status === undefined || s.status === 'accepted');
