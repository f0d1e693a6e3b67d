import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real scanners' SARIF (../shared/sarif-corpus beside the project). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/sarif-corpus/', import.meta.url));
/** The SARIF of the scanners scripts/lib.sh installs, generated here by test/corpus/generate.sh. */
export const LOCAL_CORPUS_DIR = fileURLToPath(new URL('../corpus/', import.meta.url));
/** The repository root (the local corpus's scanned directories are relative to it). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How generate.sh produced a local corpus file. */
export interface Generation {
  tool_version: string;
  command: string;
  /** The directory the scanner ran in, repository-relative: its relative URIs are under it. */
  cwd: string;
  /** That directory as a file URI when the file was generated: its absolute URIs are under it. */
  checkout_uri: string;
}

export interface ManifestEntry {
  file: string;
  /** The corpus directory holding the file (with a trailing slash). */
  dir: string;
  tool_family: string;
  expect: 'accept' | 'accept-with-warnings' | 'reject';
  expect_reason: string | null;
  stats: { runs: number; results: number; tool_driver_names: string[] | null };
  /** Present on the local corpus's files only. */
  generated?: Generation;
}

const entriesOf = (dir: string): ManifestEntry[] =>
  (
    JSON.parse(readFileSync(`${dir}manifest.json`, 'utf8')) as {
      files: Omit<ManifestEntry, 'dir'>[];
    }
  ).files.map((e) => ({ ...e, dir }));

/** Every corpus file: the shared corpus's, then the local one's (test/corpus). */
export const manifest = (): ManifestEntry[] => [
  ...entriesOf(CORPUS_DIR),
  ...entriesOf(LOCAL_CORPUS_DIR),
];

/** The local corpus's files only: real output of the scanners this project installs. */
export const localManifest = (): ManifestEntry[] => entriesOf(LOCAL_CORPUS_DIR);

/** A corpus file by name, from whichever corpus holds it (the names do not overlap). */
export const corpusPath = (name: string): string =>
  existsSync(`${LOCAL_CORPUS_DIR}${name}`) ? `${LOCAL_CORPUS_DIR}${name}` : `${CORPUS_DIR}${name}`;

export const corpusFile = (name: string): Buffer => readFileSync(corpusPath(name));

/** The `checkout_uri` an upload of the file carries (what `remediate upload` sends), if known. */
export const checkoutUriOf = (e: ManifestEntry): string | undefined => e.generated?.checkout_uri;

/** What the service must do with a file: the manifest's `expect` (decision 0013's policy). */
export const expectedVerdict = (e: ManifestEntry): ManifestEntry['expect'] => e.expect;

const NOT_A_PROBLEM = new Set(['pass', 'notApplicable', 'informational']);

interface LooseLog {
  runs: {
    tool: { driver: { name: string } };
    results?: Record<string, unknown>[] | null;
  }[];
}

/**
 * The findings a valid document should yield, computed independently of the service's
 * identity code: results that report a problem (not `kind` pass, notApplicable or
 * informational, not `baselineState` absent), minus exact repeats (same tool, rule, locations,
 * message and fingerprints).
 */
export const expectedFindings = (log: LooseLog): number => {
  const seen = new Set<string>();
  for (const run of log.runs) {
    for (const r of run.results ?? []) {
      if (NOT_A_PROBLEM.has(r['kind'] as string) || r['baselineState'] === 'absent') continue;
      seen.add(
        JSON.stringify([
          run.tool.driver.name,
          r['ruleId'],
          r['ruleIndex'],
          r['locations'],
          r['message'],
          r['fingerprints'],
          r['partialFingerprints'],
        ]),
      );
    }
  }
  return seen.size;
};

/** Parses a corpus file (some start with a byte-order mark). */
export const corpusJson = (name: string): LooseLog =>
  JSON.parse(
    corpusFile(name)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  ) as LooseLog;
