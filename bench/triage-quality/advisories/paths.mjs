// Where the advisory-pair set keeps its downloads and what it builds (git-ignored: .work/).
// A full build writes into OUT (`next/`) and moves its tree/ and sarif/ into CACHE only when it
// has finished, so a reader of the set (run.mjs) never sees half a build; a partial build
// (`--review`, `--only=…`) writes into `scratch/` and never replaces the set; `--only=… --merge`
// writes into `merge/` and then replaces those pairs' part of the set (build.mjs).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..', '..');
export const CACHE = join(HERE, '..', '.work', 'advisories');
/** True for `--review` and `--only=…`: nothing the set's readers use is written. */
export const PARTIAL = process.argv.some((a) => a === '--review' || a.startsWith('--only='));
/** `--only=… --merge`: the named pairs are built apart, then put into the set in their place. */
export const MERGE = PARTIAL && process.argv.includes('--merge');
/** Where this build writes its tree, SARIF and the scanners' intermediate files. */
export const OUT =
  process.env.ADVISORY_OUT ?? join(CACHE, MERGE ? 'merge' : PARTIAL ? 'scratch' : 'next');
/** The analysed copies (comments blanked, opaque folder names) the scanners and triage read. */
export const TREE = join(OUT, 'tree');
/**
 * What triage reads around the analysed copies and no scanner scans (laid out the same way, by
 * the same relative paths): the rest of a changed file's folder, the files the fix added or
 * removed.
 */
export const CONTEXT = join(OUT, 'context');
mkdirSync(OUT, { recursive: true });
