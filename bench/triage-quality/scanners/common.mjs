// What every scanner module of build-set.mjs shares: where the labelled repository and the work
// area are, the pinned tools, and the two edits made to a scanner's SARIF before it is stored
// (file URIs re-rooted at repo/, volatile run data such as timestamps and absolute paths removed).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const SET_DIR = join(here, '..');
export const REPO = join(SET_DIR, 'repo');
export const ROOT = join(SET_DIR, '..', '..');
/** Scratch space of a build (compiled classes, jars); gitignored. */
export const WORK = join(SET_DIR, '.work');
mkdirSync(WORK, { recursive: true });

/** A tool installed by scripts/lib.sh into .tools/bin. */
export const tool = (name) => {
  const path = join(ROOT, '.tools', 'bin', name);
  if (!existsSync(path))
    throw new Error(`${path} missing: run bench/triage-quality/build-set.sh (ensure_* first)`);
  return path;
};

/** A SARIF file a scanner wrote, or an error carrying the scanner's own complaint. */
export const readSarif = (path, what, run) => {
  if (!existsSync(path))
    throw new Error(`${what} wrote no SARIF (exit ${run.status}): ${run.stderr?.slice(-2000)}`);
  return JSON.parse(readFileSync(path, 'utf8'));
};

/**
 * Rewrites every artifact URI of a log with `uriOf(uri, uriBaseId, run)` so it is relative to
 * repo/ (the repository the set's SourceView serves), and drops what differs between runs or
 * machines: invocations (timestamps, command lines) and originalUriBaseIds (absolute paths).
 */
export const reroot = (log, uriOf) => {
  for (const run of log.runs) {
    const fix = (al) => {
      if (!al?.uri) return;
      al.uri = uriOf(al.uri, al.uriBaseId, run);
      delete al.uriBaseId;
    };
    for (const r of run.results ?? []) {
      for (const l of [...(r.locations ?? []), ...(r.relatedLocations ?? [])])
        fix(l.physicalLocation?.artifactLocation);
      for (const cf of r.codeFlows ?? [])
        for (const tf of cf.threadFlows ?? [])
          for (const s of tf.locations ?? []) fix(s.location?.physicalLocation?.artifactLocation);
    }
    for (const a of run.artifacts ?? []) fix(a.location);
    delete run.invocations;
  }
  for (const run of log.runs) delete run.originalUriBaseIds;
  return log;
};

/** `dir/uri` relative to repo/. */
export const underRepo = (dir) => (uri) => relative(REPO, join(dir, uri));
