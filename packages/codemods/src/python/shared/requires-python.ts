import type { FixContext } from '../../engine/codemod.js';
import { nearestFile } from '../../manifests/nearest.js';

/**
 * True when the nearest pyproject.toml allows a Python older than 3.`minor` (its
 * `requires-python` lower bound), so a fix must not use what that version added
 * (`usedforsecurity` and `str.removesuffix` are 3.9).
 */
export const allowsPythonBefore = (ctx: FixContext, minor: number): boolean => {
  const pyproject = nearestFile(ctx.input, ctx.input.path, 'pyproject.toml')?.text;
  const spec = /^requires-python\s*=\s*["']([^"']+)["']/m.exec(pyproject ?? '')?.[1];
  const min = spec && /(?:>=|~=|==)\s*3\.(\d+)/.exec(spec)?.[1];
  return min !== undefined && min !== null && Number(min) < minor;
};
