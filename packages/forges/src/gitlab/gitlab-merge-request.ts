import type { PublishRequest } from '../types.js';
import type { GitlabApi, GitlabMergeRequest } from './gitlab-api.js';
import { gitlabDescription, gitlabStatus, toGitlabError } from './gitlab-errors.js';

const DRAFT = 'Draft: ';

/** The MR for `branch`: the open one, else one whose head is `headSha`; null when none. */
export const findGitlabMergeRequest = async (
  api: GitlabApi,
  branch: string,
  headSha: string,
): Promise<GitlabMergeRequest | null> => {
  const all = await api.mergeRequests({ sourceBranch: branch, state: 'all' });
  return all.find((mr) => mr.state === 'opened') ?? all.find((mr) => mr.sha === headSha) ?? null;
};

/** Reviewer ids from usernames (users API); unknown names become warnings. */
const reviewerIds = async (api: GitlabApi, usernames: readonly string[]) => {
  const ids: number[] = [];
  const warnings: string[] = [];
  for (const name of usernames) {
    const id = await api.userId(name);
    if (id === null) warnings.push(`reviewer '${name}' is not a GitLab user`);
    else ids.push(id);
  }
  return { ids, warnings };
};

/**
 * Opens the MR (labels, reviewers, `Draft:` title) or finds the one a duplicated job opened
 * (409); an existing open MR gets the labels it lacks and, without reviewers, ours.
 */
export const ensureGitlabMergeRequest = async (
  api: GitlabApi,
  req: PublishRequest,
  headSha: string,
  secrets: readonly string[],
): Promise<{ mr: GitlabMergeRequest; created: boolean; warnings: string[] }> => {
  const existing = await findGitlabMergeRequest(api, req.branch, headSha);
  const reviewers = await reviewerIds(api, req.pr.reviewers);
  if (existing) {
    if (existing.state !== 'opened') return { mr: existing, created: false, warnings: [] };
    const missing = req.pr.labels.filter((l) => !existing.labels.includes(l));
    const needReviewers = reviewers.ids.length > 0 && (existing.reviewers ?? []).length === 0;
    if (missing.length > 0 || needReviewers) {
      await api.editMergeRequest(existing.iid, {
        ...(missing.length > 0 ? { addLabels: missing.join(',') } : {}),
        ...(needReviewers ? { reviewerIds: reviewers.ids } : {}),
      });
    }
    return { mr: existing, created: false, warnings: needReviewers ? reviewers.warnings : [] };
  }
  const title =
    req.pr.draft && !req.pr.title.startsWith(DRAFT) ? `${DRAFT}${req.pr.title}` : req.pr.title;
  try {
    const mr = await api.createMergeRequest(req.branch, req.baseBranch, title, {
      description: req.pr.body,
      ...(req.pr.labels.length > 0 ? { labels: req.pr.labels.join(',') } : {}),
      ...(reviewers.ids.length > 0 ? { reviewerIds: reviewers.ids } : {}),
    });
    return { mr, created: true, warnings: reviewers.warnings };
  } catch (err) {
    const duplicate = gitlabStatus(err) === 409 || /already exists/i.test(gitlabDescription(err));
    if (!duplicate) throw toGitlabError(err, 'create merge request', secrets);
    const found = await findGitlabMergeRequest(api, req.branch, headSha);
    if (!found) throw toGitlabError(err, 'create merge request', secrets);
    return { mr: found, created: false, warnings: [] };
  }
};
