// Where the advisory-pair set keeps its downloads and what it builds (git-ignored: .work/).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(HERE, '..', '..', '..');
export const CACHE = join(HERE, '..', '.work', 'advisories');
/** The analysed copies (comments blanked, opaque folder names) the scanners and triage read. */
export const TREE = join(CACHE, 'tree');
mkdirSync(CACHE, { recursive: true });
