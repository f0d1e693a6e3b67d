import { normalizePath } from '../locate/code-flow.js';
import type { CodemodInput, Language } from '../types.js';

/** The manifest file names a language's codemods may update, most specific first. */
export const MANIFEST_NAMES: Record<Language, readonly string[]> = {
  javascript: ['package.json'],
  typescript: ['package.json'],
  tsx: ['package.json'],
  python: ['requirements.txt', 'pyproject.toml'],
  java: ['pom.xml'],
  go: ['go.mod'],
};

/** `name` in the directory of `path` and in each parent directory, nearest first. */
export const ancestorPaths = (path: string, name: string): string[] => {
  const parts = normalizePath(path).split('/').slice(0, -1);
  const out: string[] = [];
  for (let i = parts.length; i >= 0; i--) out.push([...parts.slice(0, i), name].join('/'));
  return out;
};

/**
 * Paths of the manifests nearest to a source file (every ancestor directory), for the caller to
 * read into `CodemodInput.files` before running a codemod.
 */
export const manifestCandidates = (path: string, language: Language): string[] =>
  MANIFEST_NAMES[language].flatMap((name) => ancestorPaths(path, name));

/** The nearest loaded file called `name` above `path`, from `input.files`. */
export const nearestFile = (
  input: CodemodInput,
  path: string,
  name: string,
): { path: string; text: string } | undefined => {
  const files = input.files ?? {};
  const byPath = new Map(Object.keys(files).map((k) => [normalizePath(k), k]));
  for (const candidate of ancestorPaths(path, name)) {
    const key = byPath.get(candidate);
    if (key !== undefined) return { path: key, text: files[key]! };
  }
  return undefined;
};
