export { ForgeError, isForgeError, type ForgeErrorKind } from './forge-error.js';
export type * from './types.js';
export {
  createForgeProvider,
  isGithubProvider,
  type ForgeProviderOptions,
} from './create-forge-provider.js';
export {
  createGithubProvider,
  type GithubForgeProvider,
  type GithubProviderOptions,
} from './github/github-provider.js';
export type { CodeScanningAnalysis } from './github/github-code-scanning.js';
export { createGitlabProvider, type GitlabProviderOptions } from './gitlab/gitlab-provider.js';
export { createGitProvider, type GitProviderSettings } from './git/git-provider.js';
export { compareUrl } from './git/compare-url.js';
export { OWNERSHIP_TRAILER, isOwnCommit, withOwnershipTrailer } from './publish/ownership.js';
export { verifyGithubSignature, parseGithubEvent } from './webhooks/github-webhooks.js';
export { verifyGitlabToken, parseGitlabEvent } from './webhooks/gitlab-webhooks.js';
export type { ForgeEvent } from './webhooks/forge-event.js';
