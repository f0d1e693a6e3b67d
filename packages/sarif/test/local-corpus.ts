import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  acceptSarif,
  normalizeLog,
  parseSarif,
  type NormalizedLog,
  type Result,
  type Run,
  type SarifLog,
} from '../src/index.js';
import {
  corpusFile,
  localManifest,
  REPO_ROOT,
  type Generation,
  type ManifestEntry,
} from '../../../test/e2e/corpus.js';

export interface LocalScan {
  entry: ManifestEntry & { generated: Generation };
  /** The document as accepted (it is schema-valid, so as written). */
  log: SarifLog;
  run: Run;
  results: Result[];
  /** Normalized with the upload's checkout_uri, as `remediate upload` sends it. */
  normalized: NormalizedLog;
}

/** The local corpus's file of one scanner family (test/corpus, written by generate.sh). */
export const localScan = (family: string): LocalScan => {
  const entry = localManifest().find((e) => e.tool_family === family);
  if (!entry?.generated) throw new Error(`no generated ${family} file in test/corpus`);
  const parsed = parseSarif(corpusFile(entry.file));
  if (!parsed.ok) throw new Error(`${entry.file} does not parse`);
  const accepted = acceptSarif(parsed.value);
  if (!accepted.ok) throw new Error(`${entry.file} refused`);
  const run = accepted.log.runs[0]!;
  return {
    entry: entry as LocalScan['entry'],
    log: accepted.log,
    run,
    results: run.results ?? [],
    normalized: normalizeLog(accepted.log, { checkoutUri: entry.generated.checkout_uri }),
  };
};

/** True when a repository-relative finding path names a file of the scanned directory. */
export const existsInScannedTree = (scan: LocalScan, path: string): boolean =>
  existsSync(join(REPO_ROOT, scan.entry.generated.cwd, path));
