// A scanner's SARIF as the bench compares it (before and after the fixes): one flat result per
// SARIF result with a repository-relative path. Paths are resolved by @remediation/sarif's own
// resolveArtifactUri (uriBaseId through originalUriBaseIds, absolute `file:` URIs under the
// checkout made relative), the code the ingestion runs on the same document, so the bench and
// the pipeline see the same files.
import { pathToFileURL } from 'node:url';
import { checkoutRoot, resolveArtifactUri } from '@remediation/sarif';

/** The checkout URI the upload names for SARIF written in `dir` (absolute paths made relative). */
export const checkoutUriOf = (dir) => pathToFileURL(`${dir}/`).href;

/** Flat results `{ tool, ruleId, path, line, endLine, message }` of every run of a log. */
export const resultsOf = (sarif, dir) => {
  const root = checkoutRoot(checkoutUriOf(dir));
  return sarif.runs.flatMap((run) =>
    (run.results ?? []).flatMap((result) => {
      const physical = result.locations?.[0]?.physicalLocation;
      const resolved = physical?.artifactLocation
        ? resolveArtifactUri(run, physical.artifactLocation, root)
        : undefined;
      if (!resolved?.ok) return [];
      const line = physical.region?.startLine ?? 1;
      return [
        {
          tool: run.tool.driver.name,
          ruleId: result.ruleId ?? run.tool.driver.rules?.[result.ruleIndex ?? -1]?.id ?? null,
          path: resolved.path,
          line,
          endLine: physical.region?.endLine ?? line,
          message: result.message?.text ?? '',
        },
      ];
    }),
  );
};

/** Results per SARIF driver name (the tool as the pipeline stores it). */
export const countByTool = (results) => {
  const counts = new Map();
  for (const r of results) counts.set(r.tool, (counts.get(r.tool) ?? 0) + 1);
  return counts;
};
