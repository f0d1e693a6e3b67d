import { scrub, type GitRunResult } from '@remediation/source-access';
import { ForgeError, type ForgeErrorKind } from '../forge-error.js';

// Checked in order against git's stderr (LC_ALL=C); the first match wins.
const RULES: readonly (readonly [RegExp, ForgeErrorKind])[] = [
  [/transport '[^']*' not allowed|unsupported protocol/i, 'invalid'],
  [
    /authentication failed|could not read (username|password)|terminal prompts disabled|permission denied|returned error: 40[13]|invalid username or password|access denied|the requested url returned error: 403/i,
    'auth',
  ],
  [
    /stale info|fetch first|non-fast-forward|\[rejected\]|failed to update ref|cannot lock ref/i,
    'conflict',
  ],
  [
    /repository .* not found|repository not found|does not appear to be a git repository|returned error: 404|not a git repository/i,
    'not_found',
  ],
  [/pre-receive hook declined|protected branch|\[remote rejected\]/i, 'invalid'],
];

/**
 * A failed git run as a `ForgeError`: timeouts and network failures `transient`, refused
 * credentials `auth`, a lost race on the branch `conflict`, a missing repository `not_found`, a
 * remote hook or protected branch `invalid`. The stderr is scrubbed of `secrets` and
 * URL credentials.
 */
export const gitFailure = (
  operation: string,
  run: GitRunResult,
  secrets: readonly string[],
): ForgeError => {
  if (run.timedOut) return new ForgeError('transient', `git ${operation} timed out`);
  const detail = scrub(run.stderr, secrets);
  const kind = RULES.find(([pattern]) => pattern.test(run.stderr))?.[1] ?? 'transient';
  return new ForgeError(kind, `git ${operation} failed${detail ? `: ${detail}` : ''}`);
};
