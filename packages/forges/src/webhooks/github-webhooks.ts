import { verify } from '@octokit/webhooks-methods';
import { at, ignored, isoDate, num, str, type ForgeEvent } from './forge-event.js';

/**
 * Checks `X-Hub-Signature-256` (`sha256=<hex HMAC-SHA256 of the raw body>`) with
 * `@octokit/webhooks-methods` (constant-time comparison). false for a missing, malformed or
 * wrong signature; never throws for bad input.
 */
export const verifyGithubSignature = async (
  secret: string,
  rawBody: Buffer | string,
  header: string | undefined | null,
): Promise<boolean> => {
  if (!secret || !header || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  try {
    return await verify(
      secret,
      Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody,
      header,
    );
  } catch {
    return false;
  }
};

const CODE_SCANNING_ACTIONS = new Set(['created', 'appeared_in_branch', 'reopened', 'fixed']);

const pullRequestEvent = (payload: unknown): ForgeEvent => {
  const pr = at(payload, 'pull_request');
  const repositoryFullName = str(at(payload, 'repository', 'full_name'));
  const number = num(at(pr, 'number'));
  const url = str(at(pr, 'html_url'));
  const headBranch = str(at(pr, 'head', 'ref'));
  if (!repositoryFullName || number === null || !url || !headBranch)
    return ignored('pull_request payload lacks repository, number, url or head');
  const closed = at(payload, 'action') === 'closed';
  const merged = closed && at(pr, 'merged') === true;
  return {
    kind: 'pull_request',
    action: merged ? 'merged' : closed ? 'closed' : 'other',
    repositoryFullName,
    number,
    url,
    headBranch,
    mergedAt: merged ? isoDate(at(pr, 'merged_at')) : null,
    mergedBy: merged
      ? (str(at(pr, 'merged_by', 'login')) ?? str(at(payload, 'sender', 'login')))
      : null,
    mergeCommitSha: merged ? str(at(pr, 'merge_commit_sha')) : null,
    closedAt: closed ? isoDate(at(pr, 'closed_at')) : null,
    closedBy: closed ? str(at(payload, 'sender', 'login')) : null,
  };
};

/**
 * Normalizes a GitHub webhook (`X-GitHub-Event` = `name`, parsed JSON body): `pull_request`
 * (closed with `merged` true → merged, false → closed, other actions → other),
 * `code_scanning_alert` from an analysis (created, appeared_in_branch, reopened, fixed) and
 * `workflow_run` completed → code_scanning (a new analysis may be there); everything else is
 * ignored with the reason.
 */
export const parseGithubEvent = (name: string, payload: unknown): ForgeEvent => {
  const action = str(at(payload, 'action'));
  const repositoryFullName = str(at(payload, 'repository', 'full_name'));
  switch (name) {
    case 'pull_request':
      return pullRequestEvent(payload);
    case 'code_scanning_alert': {
      if (!action || !CODE_SCANNING_ACTIONS.has(action))
        return ignored(`code_scanning_alert ${action ?? 'without action'} comes from no analysis`);
      const ref = str(at(payload, 'ref'));
      const commitSha = str(at(payload, 'commit_oid'));
      if (!repositoryFullName || !ref || !commitSha)
        return ignored('code_scanning_alert payload lacks repository, ref or commit');
      // Newer payloads carry most_recent_instance, older ones only the instances list.
      const instances = at(payload, 'alert', 'instances');
      const analysisKey =
        str(at(payload, 'alert', 'most_recent_instance', 'analysis_key')) ??
        (Array.isArray(instances) ? str(at(instances[0], 'analysis_key')) : null);
      return {
        kind: 'code_scanning',
        repositoryFullName,
        ref,
        commitSha,
        ...(analysisKey ? { analysisKey } : {}),
      };
    }
    case 'workflow_run': {
      if (action !== 'completed')
        return ignored(`workflow_run ${action ?? 'without action'} is not completed`);
      const branch = str(at(payload, 'workflow_run', 'head_branch'));
      const commitSha = str(at(payload, 'workflow_run', 'head_sha'));
      if (!repositoryFullName || !branch || !commitSha)
        return ignored('workflow_run payload lacks repository, branch or commit');
      return { kind: 'code_scanning', repositoryFullName, ref: `refs/heads/${branch}`, commitSha };
    }
    default:
      return ignored(`GitHub event '${name}' is not used`);
  }
};
