import {
  codeFlowsFromSarif,
  codemodsFor,
  evaluate,
  filesToLoad,
  languageOf,
  parsesWithoutErrors,
  shiftRegion,
  type Codemod,
  type CodemodInput,
  type Evaluation,
  type FileChange,
  type Region,
} from '@remediation/codemods';
import { applySarifFix } from './sarif-fix.js';

/** A finding as the fixer reads it. */
export interface FixFinding {
  id: string;
  tool: string;
  ruleId: string;
  uri: string;
  location: Region;
  message: string;
  /** SARIF codeFlows as stored. */
  codeFlows: unknown[];
  /** SARIF `result.fixes` as stored. */
  sarifFixes: unknown[];
}

/** One applied fix of one finding, evaluated. */
export interface AppliedFix {
  findingId: string;
  /** `remediate:<language>/<name>`, or `sarif:<tool>/<ruleId>` for a tool's own fix. */
  codemod: string;
  codemodRef: Codemod | undefined;
  evaluation: Evaluation;
  notes: string[];
}

export type GroupOutcome = {
  /** Every finding fixed, in application order. */
  applied: AppliedFix[];
  /** A candidate that failed an evaluation check (never kept). */
  rejected: {
    findingId: string;
    codemod: string;
    evaluation: Evaluation;
    diffFiles: FileChange[];
  }[];
  /** Findings nothing could fix, and why. */
  unfixed: { findingId: string; reason: string }[];
  /** The group's net change per file (original → final), in path order. */
  files: FileChange[];
};

/** Files read at the scanned commit, by repository-relative path (undefined: absent/unreadable). */
export type ReadFile = (path: string) => Promise<string | undefined>;

const toolSuggested = (f: FixFinding) => `sarif:${f.tool}/${f.ruleId}`;

/** The lines a region spans, 1-based and inclusive. */
const regionLines = (text: string, region: Region): string =>
  text
    .split('\n')
    .slice(region.startLine - 1, region.endLine ?? region.startLine)
    .join('\n');

/** The evaluation of a change checked another way (a tool's own fix, a site already fixed). */
const PASSED: Evaluation = {
  ok: true,
  parses: true,
  patternGone: true,
  idempotent: true,
  diffLocal: true,
  failures: [],
};

const failedEvaluation = (failures: Evaluation['failures']): Evaluation => ({
  ok: false,
  parses: !failures.some((x) => x.check === 'parses'),
  patternGone: !failures.some((x) => x.check === 'pattern_gone'),
  idempotent: !failures.some((x) => x.check === 'idempotent'),
  diffLocal: !failures.some((x) => x.check === 'diff_local'),
  failures,
});

/**
 * Fixes a group of findings (one finding, or all of a rule or a file per `pr_grouping`) on the
 * files at the scanned commit: for each, the first codemod bound to its tool, rule and language
 * that applies and passes every evaluation check, else the tool's own proposed fix (SARIF
 * `fixes[]`) when it parses; later findings' locations are shifted through earlier edits, so
 * the group is one consistent change. Findings in a file are fixed bottom-up.
 */
export const fixGroup = async (
  group: readonly FixFinding[],
  read: ReadFile,
): Promise<GroupOutcome> => {
  const original = new Map<string, string>();
  const current = new Map<string, string>();
  const load = async (path: string): Promise<string | undefined> => {
    if (!original.has(path)) {
      const text = await read(path);
      if (text === undefined) return undefined;
      original.set(path, text);
      current.set(path, text);
    }
    return current.get(path);
  };
  const regions = new Map(group.map((f) => [f.id, f.location]));
  const order = [...group].sort(
    (a, b) => a.uri.localeCompare(b.uri) || b.location.startLine - a.location.startLine,
  );
  const outcome: GroupOutcome = { applied: [], rejected: [], unfixed: [], files: [] };
  const commit = (changes: readonly FileChange[]) => {
    for (const change of changes) {
      current.set(change.path, change.after);
      for (const f of group) {
        if (f.uri === change.path && !outcome.applied.some((a) => a.findingId === f.id))
          regions.set(f.id, shiftRegion(change, regions.get(f.id)!));
      }
    }
  };

  for (const f of order) {
    const source = await load(f.uri);
    if (source === undefined) {
      outcome.unfixed.push({
        findingId: f.id,
        reason: `${f.uri} cannot be read at the scanned commit`,
      });
      continue;
    }
    const language = languageOf(f.uri);
    const finding = {
      ruleId: f.ruleId,
      tool: f.tool,
      location: regions.get(f.id)!,
      codeFlows: codeFlowsFromSarif(f.codeFlows),
      message: f.message,
    };
    const files: Record<string, string> = {};
    for (const path of filesToLoad(f.uri, finding)) {
      const text = await load(path);
      if (text !== undefined) files[path] = text;
    }
    const input: CodemodInput = { path: f.uri, source, finding, files };
    const reasons: string[] = [];
    let done = false;
    const candidates = language ? codemodsFor(f.tool, f.ruleId, language) : [];
    for (const codemod of candidates) {
      const result = codemod.transform(input);
      if (result.kind === 'not_applicable') {
        reasons.push(`${codemod.id}: ${result.reason} (${result.detail})`);
        continue;
      }
      const evaluation = evaluate(codemod, input, result);
      if (!evaluation.ok) {
        outcome.rejected.push({
          findingId: f.id,
          codemod: codemod.id,
          evaluation,
          diffFiles: result.files,
        });
        reasons.push(
          `${codemod.id}: failed evaluation (${evaluation.failures.map((x) => x.check).join(', ')})`,
        );
        continue;
      }
      commit(result.files);
      outcome.applied.push({
        findingId: f.id,
        codemod: codemod.id,
        codemodRef: codemod,
        evaluation,
        notes: result.notes,
      });
      done = true;
      break;
    }
    if (!done && f.sarifFixes.length > 0) {
      const proposed = applySarifFix(f.sarifFixes[0], (p) => current.get(p));
      if ('error' in proposed) reasons.push(`${toolSuggested(f)}: ${proposed.error}`);
      else {
        const changes: FileChange[] = [...proposed.files].map(([path, t]) => ({
          path,
          ...t,
          changes: [],
        }));
        const broken = changes.filter((c) => {
          const lang = languageOf(c.path);
          return lang !== null && !parsesWithoutErrors(lang, c.after);
        });
        if (broken.length > 0) {
          const evaluation = failedEvaluation(
            broken.map((c) => ({ check: 'parses' as const, path: c.path, errors: [] })),
          );
          outcome.rejected.push({
            findingId: f.id,
            codemod: toolSuggested(f),
            evaluation,
            diffFiles: changes,
          });
          reasons.push(`${toolSuggested(f)}: the proposed change does not parse`);
        } else {
          commit(changes);
          outcome.applied.push({
            findingId: f.id,
            codemod: toolSuggested(f),
            codemodRef: undefined,
            evaluation: PASSED,
            notes: [`${f.tool}'s own proposed fix: ${proposed.description}`],
          });
          done = true;
        }
      }
    }
    // Two scanners (or two rules) reporting one site: the change made for the first may already
    // remove what the second reports, so its codemod no longer finds anything there. It is
    // fixed by the same change when a codemod bound to it recognized the site before the group's
    // edits and those edits rewrote the site's lines; otherwise it stays unfixed.
    if (!done && reasons.length > 0) {
      const before = original.get(f.uri)!;
      const touched = regionLines(before, f.location) !== regionLines(source, finding.location);
      const originalFiles = Object.fromEntries(
        Object.keys(files).map((path) => [path, original.get(path)!]),
      );
      const recognized = touched
        ? candidates.find(
            (codemod) =>
              codemod.transform({
                path: f.uri,
                source: before,
                finding: { ...finding, location: f.location },
                files: originalFiles,
              }).kind !== 'not_applicable',
          )
        : undefined;
      if (recognized) {
        outcome.applied.push({
          findingId: f.id,
          codemod: recognized.id,
          codemodRef: recognized,
          evaluation: PASSED,
          notes: [
            `fixed by the change made at the same site for another finding (${recognized.id} no longer finds ${f.ruleId} there)`,
          ],
        });
        done = true;
      }
    }
    if (!done)
      outcome.unfixed.push({
        findingId: f.id,
        reason:
          reasons.length > 0
            ? reasons.join('; ')
            : language
              ? `no codemod for ${f.tool} rule ${f.ruleId} in ${language}`
              : `no codemod for files like ${f.uri}`,
      });
  }
  outcome.files = [...current]
    .filter(([path, after]) => original.get(path) !== after)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, after]) => ({ path, before: original.get(path)!, after, changes: [] }));
  return outcome;
};
