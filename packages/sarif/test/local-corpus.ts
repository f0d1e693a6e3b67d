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

/** The local corpus's files of one scanner family (test/corpus, written by generate.sh). */
export const localScans = (family: string): LocalScan[] => {
  const entries = localManifest().filter((e) => e.tool_family === family);
  if (entries.length === 0) throw new Error(`no generated ${family} file in test/corpus`);
  return entries.map(scanOf);
};

/** The local corpus's first file of one scanner family. */
export const localScan = (family: string): LocalScan => localScans(family)[0]!;

const scanOf = (entry: ManifestEntry): LocalScan => {
  if (!entry.generated) throw new Error(`${entry.file} was not generated here`);
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
