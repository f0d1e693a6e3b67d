export { ForgeError, isForgeError, type ForgeErrorKind } from './forge-error.js';
export type * from './types.js';
export {
  createGithubProvider,
  type GithubForgeProvider,
  type GithubProviderOptions,
} from './github/github-provider.js';
export type { CodeScanningAnalysis } from './github/github-code-scanning.js';
export { OWNERSHIP_TRAILER, isOwnCommit, withOwnershipTrailer } from './publish/ownership.js';
