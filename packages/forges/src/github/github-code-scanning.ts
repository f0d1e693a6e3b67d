import { call, type GithubContext } from './github-context.js';

/** One code scanning analysis (GitHub's `code-scanning-analysis`, the fields we use). */
export interface CodeScanningAnalysis {
  id: number;
  ref: string;
  commitSha: string;
  analysisKey: string;
  category: string | null;
  toolName: string | null;
  createdAt: string;
  resultsCount: number;
  sarifId: string;
}

/** Analyses of `ref` (`refs/heads/main`, `refs/pull/1/merge`), newest first, optionally of one commit. */
export const listGithubAnalyses = async (
  ctx: GithubContext,
  ref: string,
  commitSha?: string,
): Promise<CodeScanningAnalysis[]> => {
  const { data } = await call(ctx, 'list code scanning analyses', () =>
    ctx.client.rest.codeScanning.listRecentAnalyses({
      owner: ctx.owner,
      repo: ctx.repo,
      ref,
      per_page: 100,
    }),
  );
  return data
    .filter((a) => commitSha === undefined || a.commit_sha === commitSha)
    .map((a) => ({
      id: a.id,
      ref: a.ref,
      commitSha: a.commit_sha,
      analysisKey: a.analysis_key,
      category: a.category ?? null,
      toolName: a.tool.name ?? null,
      createdAt: a.created_at,
      resultsCount: a.results_count,
      sarifId: a.sarif_id,
    }));
};

/** The analysis as a SARIF document (`Accept: application/sarif+json`), the bytes as GitHub sent them. */
export const downloadGithubAnalysisSarif = async (
  ctx: GithubContext,
  analysisId: number,
): Promise<Buffer> => {
  const { data } = await call(ctx, 'download code scanning analysis', () =>
    ctx.client.request('GET /repos/{owner}/{repo}/code-scanning/analyses/{analysis_id}', {
      owner: ctx.owner,
      repo: ctx.repo,
      analysis_id: analysisId,
      headers: { accept: 'application/sarif+json' },
    }),
  );
  const body: unknown = data;
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  // A JSON content type is parsed by Octokit; serialize it back rather than fail.
  return Buffer.from(JSON.stringify(body), 'utf8');
};
