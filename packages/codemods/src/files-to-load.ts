import { languageOf } from './languages.js';
import { flowPaths } from './locate/code-flow.js';
import { manifestCandidates } from './manifests/nearest.js';
import type { Finding } from './types.js';

/**
 * Paths a caller should try to read into `CodemodInput.files` before running codemods on a
 * finding in `path`: the files its code flows visit, then the manifests nearest to the file.
 * Paths that do not exist are simply left out of `files`.
 */
export const filesToLoad = (path: string, finding: Finding): string[] => {
  const language = languageOf(path);
  return [...flowPaths(path, finding), ...(language ? manifestCandidates(path, language) : [])];
};
