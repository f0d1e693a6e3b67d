export interface SarifLimits {
  /** Runs per document (GitHub: 20). */
  maxRuns: number;
  /** Results per run (GitHub: 25,000). */
  maxResultsPerRun: number;
}

export const DEFAULT_LIMITS: SarifLimits = { maxRuns: 20, maxResultsPerRun: 25_000 };

/** The first limit a parsed document exceeds, as a sentence for a 413 answer, or undefined. */
export const exceededLimit = (doc: unknown, limits: SarifLimits): string | undefined => {
  const runs = (doc as { runs?: unknown } | null)?.runs;
  if (!Array.isArray(runs)) return undefined;
  if (runs.length > limits.maxRuns) {
    return `the document has ${runs.length} runs; at most ${limits.maxRuns} are accepted`;
  }
  for (const [i, run] of runs.entries()) {
    const results = (run as { results?: unknown } | null)?.results;
    if (Array.isArray(results) && results.length > limits.maxResultsPerRun) {
      return `run ${i} has ${results.length} results; at most ${limits.maxResultsPerRun} per run are accepted`;
    }
  }
  return undefined;
};
