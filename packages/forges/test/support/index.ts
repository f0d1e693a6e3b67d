/**
 * Forge stand-ins for tests of the services that publish (`@remediation/forges/testing`, resolved
 * through the `@remediation/source` condition: vitest and tsx, not a plain `node` on `dist`).
 */
export {
  GithubStandIn,
  startGithubStandIn,
  type Fault,
  type GithubStandInAuth,
  type GithubStandInOptions,
  type RecordedRequest,
} from './github-standin.js';
export { GitlabStandIn, startGitlabStandIn } from './gitlab-standin.js';
export { ObjectStore, gitBlobSha, type StoredCommit } from './git-objects.js';
export { createOrigin, git, type Origin } from './git-origin.js';
export { appKeyPair } from './keys.js';
