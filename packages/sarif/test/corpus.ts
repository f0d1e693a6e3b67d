import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real scanners' SARIF (../shared/sarif-corpus beside the project). */
export const CORPUS_DIR = fileURLToPath(
  new URL('../../../../shared/sarif-corpus/', import.meta.url),
);

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

/**
 * The spec overrides the manifest in one place: "Top-level `runs` array missing: invalid
 * document; it must hold at least one run". The manifest accepts `"runs": []` because it is
 * schema-valid; the service rejects it.
 */
export const SPEC_REJECTS = new Set(['none__dd_no_runs.sarif']);

export const expectedVerdict = (e: ManifestEntry): ManifestEntry['expect'] =>
  SPEC_REJECTS.has(e.file) ? 'reject' : e.expect;
