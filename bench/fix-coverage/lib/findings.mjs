// A scanner's SARIF as the fixer reads it: one finding per result, with the package it is in
// and its path inside that package (each package is its own repository here). Paths resolve
// through @remediation/sarif's resolveArtifactUri, the ingestion's own code. Pure.
import { pathToFileURL } from 'node:url';
import { codemodsFor, languageOf, scannerOf } from '@remediation/codemods';
import { checkoutRoot, resolveArtifactUri } from '@remediation/sarif';

/**
 * Flat results of every run of `log` scanned under `root`: `{ tool, scanner, ruleId, pkg, uri,
 * path, location, message, codeFlows, sarifFixes }`, `path` being `pkg/uri`.
 */
export const resultsOf = (log, root) => {
  const base = checkoutRoot(pathToFileURL(`${root}/`).href);
  return log.runs.flatMap((run) =>
    (run.results ?? []).flatMap((result) => {
      const physical = result.locations?.[0]?.physicalLocation;
      const resolved = physical?.artifactLocation
        ? resolveArtifactUri(run, physical.artifactLocation, base)
        : undefined;
      const ruleId = result.ruleId ?? run.tool.driver.rules?.[result.ruleIndex ?? -1]?.id;
      if (!resolved?.ok || !ruleId) return [];
      const slash = resolved.path.indexOf('/');
      if (slash < 0) return [];
      const region = physical.region ?? {};
      const startLine = region.startLine ?? 1;
      return [
        {
          tool: run.tool.driver.name,
          scanner: scannerOf(run.tool.driver.name),
          ruleId,
          pkg: resolved.path.slice(0, slash),
          uri: resolved.path.slice(slash + 1),
          path: resolved.path,
          location: {
            startLine,
            startColumn: region.startColumn ?? null,
            endLine: region.endLine ?? startLine,
            endColumn: region.endColumn ?? null,
          },
          message: result.message?.text ?? '',
          codeFlows: result.codeFlows ?? [],
          sarifFixes: result.fixes ?? [],
        },
      ];
    }),
  );
};

/** The codemods the fixer would try on a result (the same lookup it makes), in order. */
export const codemodIds = (r) => {
  const language = languageOf(r.uri);
  return language ? codemodsFor(r.tool, r.ruleId, language).map((c) => c.id) : [];
};

/** `{ ruleId: count }` of the results of one tool on one file. */
export const ruleCounts = (results) => {
  const counts = new Map();
  for (const r of results) counts.set(r.ruleId, (counts.get(r.ruleId) ?? 0) + 1);
  return counts;
};

/**
 * A deterministic sample of at most `max` items (by a stable hash of `keyOf`), so a rule that
 * reports thousands of sites (detect-object-injection) does not take the whole run, and the same
 * corpus gives the same sample every time.
 */
export const sample = (items, max, keyOf) => {
  if (items.length <= max) return items;
  const hash = (s) => {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h;
  };
  return [...items].sort((a, b) => hash(keyOf(a)) - hash(keyOf(b))).slice(0, max);
};
