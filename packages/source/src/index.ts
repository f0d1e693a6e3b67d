export {
  createSourceAccess,
  type SourceAccess,
  type SourceAccessOptions,
} from './source-access.js';
export { runGit, type GitRunResult, type RunGitOptions } from './git/run-git.js';
export { createGitLauncher, type GitLauncher } from './git/git-launcher.js';
export { basicAuthorization, type GitAuth } from './git/git-env.js';
export { checkCloneUrl, type CloneUrlCheck } from './git/clone-url.js';
export {
  DEFAULT_ALLOWED_PROTOCOLS,
  GIT_PROTOCOLS,
  parseAllowedProtocols,
  type GitProtocol,
} from './git/protocols.js';
export { scrub, secretForms } from './git/scrub.js';
export { isCommitId, isRefName, isRepositoryPath } from './read/repo-path.js';
export { SourceAccessConfig, sourceAccessOptions, type SourceAccessSettings } from './config.js';
export {
  describeCredentials,
  toGitCredentials,
  type CredentialsDescription,
  type RepositoryCredentials,
  type RepositoryCredentialsKind,
} from './credentials/repository-credentials.js';
export { CredentialsUnreadableError } from './credentials/credentials-codec.js';
export {
  clearRepositoryCredentials,
  loadRepositoryCredentials,
  saveRepositoryCredentials,
} from './credentials/credentials-store.js';
export type * from './types.js';
export { openCommit, type CommitReader, type OpenCommit } from './commit-reader.js';
