import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real scanners' SARIF (../shared/sarif-corpus beside the project). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../shared/sarif-corpus/', import.meta.url));

export interface ManifestEntry {
  file: string;
  tool_family: string;
  expect: 'accept' | 'accept-with-warnings' | 'reject';
  expect_reason: string | null;
  stats: { runs: number; results: number; tool_driver_names: string[] | null };
}

export const manifest = (): ManifestEntry[] =>
  (JSON.parse(readFileSync(`${CORPUS_DIR}manifest.json`, 'utf8')) as { files: ManifestEntry[] })
    .files;

export const corpusFile = (name: string): Buffer => readFileSync(`${CORPUS_DIR}${name}`);

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
