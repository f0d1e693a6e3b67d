import type { Db } from '@remediation/db';
import type { ForgeProvider, ForgeRepository } from '@remediation/forges';
import { closePullRequest } from '../events/pr-transition.js';

/** What a reviewer reads on a pull request closed because its fix no longer fits. */
export const supersededNote = (reason: string | null): string =>
  [
    '**Closed by the remediation service: this fix no longer applies to the default branch.**',
    reason ? `Why: ${reason}.` : undefined,
    'Its findings are open again; the next scan of the default branch generates their fix on the current code.',
  ]
    .filter(Boolean)
    .join('\n\n');

/**
 * Closes a superseded fix's open pull request on the forge, with the reason in its description,
 * and records the close (`pr.closed`, the fix stays `superseded`). Idempotent: a forge that
 * already shows it closed is recorded as such; one merged or still open (a person pushed to
 * the branch) is left to the forge webhook and the poll.
 */
export const closeSuperseded = async (
  db: Db,
  provider: ForgeProvider,
  repo: ForgeRepository,
  pr: {
    id: string;
    number: number | null;
    branch: string;
    headSha: string | null;
    targetBranch: string;
  },
  reason: string | null,
): Promise<{ superseded: true; pullRequest: string }> => {
  const state = await provider.closePullRequest(repo, pr.number, supersededNote(reason), {
    branch: pr.branch,
    ...(pr.headSha ? { headSha: pr.headSha } : {}),
    baseBranch: pr.targetBranch,
  });
  if (state.state === 'closed') {
    await closePullRequest(db, pr.id, {
      state: 'closed',
      at: state.closedAt,
      by: state.closedBy,
      reason: 'superseded',
    });
  }
  return { superseded: true, pullRequest: state.state };
};
