import type { DataflowTier } from '@remediation/contracts';
import type { CodeFlow, Run, ThreadFlow } from './sarif-types.js';
import { resolveArtifactUri } from './uri.js';

/**
 * The files of a thread flow when every step is usable, else undefined. A step is usable when
 * its location has a file that resolves to a repository-relative path and a `startLine`.
 */
const filesOfCompleteFlow = (run: Run, flow: ThreadFlow, root: string | undefined) => {
  const steps = flow.locations ?? [];
  if (steps.length < 2) return undefined;
  const files = new Set<string>();
  for (const step of steps) {
    const physical = step.location?.physicalLocation;
    if (!physical?.artifactLocation || physical.region?.startLine === undefined) return undefined;
    const resolved = resolveArtifactUri(run, physical.artifactLocation, root);
    if (!resolved?.ok) return undefined;
    files.add(resolved.path);
  }
  return files;
};

/**
 * The spec's dataflow tier (docs/decisions/0011 defines WEAK precisely):
 * - no code flow: SINGLE_LOCATION;
 * - a complete thread flow (at least two steps, every step with a repository file and a line)
 *   and no low-confidence signal: STRONG_MULTI_FILE when a complete flow spans two or more
 *   files, else STRONG_SINGLE_FILE;
 * - otherwise WEAK: only single-step flows, steps without a physical location or line, files
 *   that do not resolve inside the repository, or a low-confidence flag from the tool.
 */
export const dataflowTier = (
  run: Run,
  codeFlows: readonly CodeFlow[] | undefined,
  root: string | undefined,
  lowConfidence: boolean,
): DataflowTier => {
  const flows = (codeFlows ?? []).flatMap((cf) => cf.threadFlows ?? []);
  if (flows.length === 0) return 'SINGLE_LOCATION';
  if (lowConfidence) return 'WEAK';
  let complete = false;
  for (const flow of flows) {
    const files = filesOfCompleteFlow(run, flow, root);
    if (!files) continue;
    if (files.size > 1) return 'STRONG_MULTI_FILE';
    complete = true;
  }
  return complete ? 'STRONG_SINGLE_FILE' : 'WEAK';
};
