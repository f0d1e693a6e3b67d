import type { Run } from './sarif-types.js';

export interface SarifEnvelope {
  tools: string[];
  commitSha?: string;
  ref?: string;
}

/** Tool names and the first run's `versionControlProvenance` (commit and branch). */
export const readEnvelope = (runs: readonly Run[]): SarifEnvelope => {
  const tools = new Set<string>();
  let commitSha: string | undefined;
  let ref: string | undefined;
  for (const run of runs) {
    tools.add(run.tool.driver.name);
    const vcp = run.versionControlProvenance?.[0];
    commitSha ??= vcp?.revisionId;
    ref ??= vcp?.branch;
  }
  return {
    tools: [...tools],
    ...(commitSha ? { commitSha } : {}),
    ...(ref ? { ref } : {}),
  };
};
