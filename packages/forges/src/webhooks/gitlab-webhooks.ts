import { createHash, timingSafeEqual } from 'node:crypto';
import { at, ignored, isoDate, num, str, type ForgeEvent } from './forge-event.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Checks `X-Gitlab-Token` against the configured secret in constant time (both sides hashed
 * first, so neither the content nor the length leaks through timing). false when absent.
 */
export const verifyGitlabToken = (secret: string, header: string | undefined | null): boolean => {
  if (!secret || typeof header !== 'string' || header === '') return false;
  return timingSafeEqual(digest(secret), digest(header));
};

/**
 * Normalizes a GitLab webhook body: a `merge_request` event with `object_attributes.action`
 * `merge` → merged, `close` → closed, any other action → other; everything else is ignored.
 */
export const parseGitlabEvent = (payload: unknown): ForgeEvent => {
  const kind = str(at(payload, 'object_kind'));
  if (kind !== 'merge_request') return ignored(`GitLab event '${kind ?? 'unknown'}' is not used`);
  const attrs = at(payload, 'object_attributes');
  const repositoryFullName = str(at(payload, 'project', 'path_with_namespace'));
  const number = num(at(attrs, 'iid'));
  const url = str(at(attrs, 'url'));
  const headBranch = str(at(attrs, 'source_branch'));
  if (!repositoryFullName || number === null || !url || !headBranch)
    return ignored('merge_request payload lacks project, iid, url or source branch');
  const action = str(at(attrs, 'action'));
  const merged = action === 'merge';
  const closed = action === 'close';
  const actor = str(at(payload, 'user', 'username'));
  const when =
    isoDate(at(attrs, merged ? 'merged_at' : 'closed_at')) ?? isoDate(at(attrs, 'updated_at'));
  return {
    kind: 'pull_request',
    action: merged ? 'merged' : closed ? 'closed' : 'other',
    repositoryFullName,
    number,
    url,
    headBranch,
    mergedAt: merged ? when : null,
    mergedBy: merged ? actor : null,
    mergeCommitSha: merged
      ? (str(at(attrs, 'merge_commit_sha')) ?? str(at(attrs, 'squash_commit_sha')))
      : null,
    closedAt: merged || closed ? when : null,
    closedBy: merged || closed ? actor : null,
  };
};
