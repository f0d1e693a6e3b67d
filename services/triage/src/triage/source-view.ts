import type { Db } from '@remediation/db';
import type { SecretBox } from '@remediation/security';
import { isRepositoryPath, openCommit, type SourceAccess } from '@remediation/source-access';
import {
  goModuleOf,
  goPackageDirs,
  importedPaths,
  type SourceView,
} from '@remediation/triage-engine';
import type { BatchScan, TriageFindingRow } from './batch.repository.js';

/** Repository-relative paths a code flow visits (what the engine reads along the flow). */
export const flowPaths = (codeFlows: unknown[]): string[] => {
  const paths = new Set<string>();
  for (const flow of codeFlows as { threadFlows?: { locations?: unknown[] }[] }[]) {
    for (const thread of flow.threadFlows ?? []) {
      for (const step of thread.locations ?? []) {
        const uri = (
          step as { location?: { physicalLocation?: { artifactLocation?: { uri?: unknown } } } }
        ).location?.physicalLocation?.artifactLocation?.uri;
        if (typeof uri === 'string' && isRepositoryPath(uri)) paths.add(uri);
      }
    }
  }
  return [...paths];
};

export interface SourceDeps {
  db: Db;
  source: SourceAccess;
  secretBox: SecretBox;
}

/** At most this many project modules are read for the imports of a batch's files. */
export const IMPORTED_FILES_PER_BATCH = 200;

/**
 * The code a batch's findings point at, read from the repository's mirror at the scan's commit:
 * each finding's file, the files its code flows visit, and the project modules the findings'
 * files import the functions they call from (one level: where a guard or helper is defined). When the commit cannot
 * be read the batch is triaged from the SARIF alone and the view says why (recorded as evidence).
 */
export const readSourceView = async (
  deps: SourceDeps,
  scan: BatchScan,
  findings: readonly TriageFindingRow[],
): Promise<SourceView> => {
  if (!scan.commitSha) return { status: 'unavailable', reason: 'the scan has no commit' };
  const opened = await openCommit(
    deps,
    { id: scan.repositoryId, cloneUrl: scan.cloneUrl },
    scan.commitSha,
  );
  if (!opened.ok) return { status: 'unavailable', reason: opened.reason };
  const wanted = new Set<string>();
  for (const f of findings) {
    if (f.uri !== null && !f.problems.includes('invalid_uri')) wanted.add(f.uri);
    for (const p of flowPaths(f.code_flows)) wanted.add(p);
  }
  const files = new Map<string, string>();
  const readAll = (paths: Iterable<string>) =>
    Promise.all(
      [...paths].map(async (path) => {
        const text = await opened.reader.read(path);
        if (text !== undefined) files.set(path, text);
      }),
    );
  await readAll(wanted);
  const imported = new Set<string>();
  const findingFiles = new Set(findings.map((f) => f.uri).filter((u): u is string => u !== null));
  for (const uri of findingFiles) {
    const text = files.get(uri);
    if (text === undefined) continue;
    for (const p of importedPaths(uri, text))
      if (!files.has(p) && isRepositoryPath(p)) imported.add(p);
  }
  // Go: the package's other files and the module's packages a file calls (folders, listed),
  // with the go.mod files that say which imports are the module's.
  const goFiles = [...findingFiles].filter((u) => u.endsWith('.go') && files.has(u));
  if (goFiles.length) {
    const mods = new Set<string>();
    for (const uri of goFiles) {
      const parts = uri.split('/').slice(0, -1);
      for (let i = parts.length; i >= 0; i--) mods.add([...parts.slice(0, i), 'go.mod'].join('/'));
    }
    await readAll(mods);
    const dirs = new Set<string>();
    for (const uri of goFiles)
      for (const d of goPackageDirs(
        uri,
        files.get(uri)!,
        goModuleOf(uri, (p) => files.get(p)),
      ))
        dirs.add(d);
    const listed = await Promise.all(
      [...dirs].map(async (d) => [d, await opened.reader.list(d)] as const),
    );
    for (const [dir, paths] of listed)
      for (const p of paths)
        if (
          p.endsWith('.go') &&
          !p.endsWith('_test.go') &&
          p.split('/').slice(0, -1).join('/') === dir &&
          !files.has(p)
        )
          imported.add(p);
  }
  await readAll([...imported].slice(0, IMPORTED_FILES_PER_BATCH));
  return { status: 'available', commit: scan.commitSha, files };
};
