import { failure, type FetchFailureReason, type SourceFailure } from '../types.js';
import type { GitRunResult } from './run-git.js';
import { scrub } from './scrub.js';

// Checked in order against git's stderr (LC_ALL=C). The first match wins.
const RULES: readonly (readonly [RegExp, FetchFailureReason])[] = [
  [
    /transport '[^']*' not allowed|unsupported protocol|protocol .* is not supported/i,
    'protocol_not_allowed',
  ],
  [
    /authentication failed|could not read (username|password)|terminal prompts disabled|permission denied \(publickey|returned error: 40[13]|invalid username or password|access denied|http basic: access denied/i,
    'auth_failed',
  ],
  [
    /not our ref|couldn't find remote ref|no such remote ref|unadvertised object|upload-pack: not our ref/i,
    'commit_not_found',
  ],
  [
    /repository .* not found|repository not found|does not appear to be a git repository|returned error: 404|no such file or directory|not a git repository/i,
    'repository_not_found',
  ],
  [
    /could not resolve host|connection refused|failed to connect|couldn't connect|connection timed out|network is unreachable|no route to host|connection reset|host key verification failed|ssl|tls|empty reply from server|could not read from remote repository|unable to access/i,
    'unreachable',
  ],
];

const EXPLANATION: Partial<Record<FetchFailureReason, string>> = {
  auth_failed:
    'the remote refused the credentials, or asked for credentials none were configured for',
  repository_not_found: 'the remote has no such repository (or hides it without credentials)',
  unreachable: 'the remote could not be reached',
  protocol_not_allowed: 'git refused the transport',
};

/**
 * Turns a failed git network run into a typed failure. `secrets` are removed from the
 * message along with anything URL-credential-like.
 */
export const classifyFailure = (
  operation: string,
  run: GitRunResult,
  secrets: readonly string[],
  timeoutMs: number,
): SourceFailure<FetchFailureReason> => {
  if (run.aborted) return failure('aborted', `${operation} was aborted`);
  if (run.timedOut) return failure('timeout', `${operation} did not finish within ${timeoutMs} ms`);
  const detail = scrub(run.stderr, secrets);
  const reason = RULES.find(([pattern]) => pattern.test(run.stderr))?.[1] ?? 'git_failed';
  const what = EXPLANATION[reason] ?? `${operation} failed`;
  return failure(reason, detail === '' ? what : `${what}: ${detail}`);
};
