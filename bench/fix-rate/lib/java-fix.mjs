// Feeds findings through the built @remediation/codemods package the way the fixer does
// (filesToLoad → codemodsFor → transform → evaluate), one file at a time, applying each accepted
// fix to the file's text before the next finding of that file. Findings are shifted by the
// lines earlier fixes added (their code-flow steps in the same file too). A finding whose site an
// earlier fix already changed (CodeQL and Semgrep reporting the same call, both halves of a
// cipher pair) comes back `not_applicable`; it is recorded as `already_fixed` when that fix
// covered its line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codemodsFor, evaluate, filesToLoad, languageOf } from '@remediation/codemods';

const lineStarts = (text) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};
const lineAt = (text, offset) => lineStarts(text).findLastIndex((s) => s <= offset) + 1;
const newlines = (s) => (s.match(/\n/g) ?? []).length;

/** Per file: the original-line deltas applied so far, and the lines of the sites fixed. */
class FileState {
  constructor(original) {
    this.original = original;
    this.text = original;
    this.edits = [];
    this.fixedRanges = [];
  }

  toCurrent(line) {
    return line + this.edits.reduce((sum, e) => sum + (e.beforeLine < line ? e.delta : 0), 0);
  }

  toOriginal(line) {
    return line - this.edits.reduce((sum, e) => sum + (e.beforeLine < line ? e.delta : 0), 0);
  }

  record(own) {
    for (const change of own.changes) {
      const delta = newlines(change.text) - newlines(own.before.slice(change.start, change.end));
      if (delta === 0) continue;
      this.edits.push({ beforeLine: this.toOriginal(lineAt(own.before, change.start)), delta });
    }
    this.text = own.after;
  }
}

const shiftRegion = (region, state) => {
  if (!state) return region;
  const by = state.toCurrent(region.startLine) - region.startLine;
  return {
    ...region,
    startLine: region.startLine + by,
    endLine: region.endLine && region.endLine + by,
  };
};

/**
 * True when the codemod, run on the original text, would have fixed this finding at a site an
 * earlier fix in the file already changed (two scanners, or two ends of one construct).
 */
const fixedEarlier = (codemod, finding, state, files) => {
  if (state.fixedRanges.length === 0) return false;
  const result = codemod.transform({ path: finding.path, source: state.original, finding, files });
  if (result.kind !== 'edited') return false;
  const { startLine, endLine } = result.site;
  return state.fixedRanges.some(
    (r) => r.codemod === codemod.id && r.from <= endLine && startLine <= r.to,
  );
};

/**
 * Runs every finding through the codemods. Returns each changed file's texts and one record per
 * finding: the codemod, the outcome (`fixed`, `already_fixed`, a not_applicable reason,
 * `evaluation_failed`, `no_codemod`), its detail, and the fixed site in original lines.
 */
export const fixAll = (projectDir, findings) => {
  const states = new Map();
  const stateOf = (path) => {
    if (!states.has(path))
      states.set(path, new FileState(readFileSync(join(projectDir, path), 'utf8')));
    return states.get(path);
  };
  const records = [];
  const ordered = [...findings].sort(
    (a, b) => a.path.localeCompare(b.path) || a.location.startLine - b.location.startLine,
  );
  for (const finding of ordered) {
    const state = stateOf(finding.path);
    const record = { finding, outcome: 'no_codemod', codemod: null, detail: null, site: null };
    records.push(record);
    const language = languageOf(finding.path);
    const current = {
      ...finding,
      location: shiftRegion(finding.location, state),
      codeFlows: (finding.codeFlows ?? []).map((flow) =>
        flow.map((step) => ({ ...step, ...shiftRegion(step, states.get(step.path)) })),
      ),
    };
    const files = Object.fromEntries(
      filesToLoad(finding.path, current)
        .filter((p) => p !== finding.path && existsSync(join(projectDir, p)))
        .map((p) => [p, states.get(p)?.text ?? readFileSync(join(projectDir, p), 'utf8')]),
    );
    for (const codemod of language ? codemodsFor(finding.tool, finding.ruleId, language) : []) {
      record.codemod = codemod.id;
      const input = { path: finding.path, source: state.text, finding: current, files };
      const result = codemod.transform(input);
      if (result.kind === 'not_applicable') {
        record.outcome =
          result.reason === 'pattern_not_recognized' && fixedEarlier(codemod, finding, state, files)
            ? 'already_fixed'
            : result.reason;
        record.detail = result.detail;
        if (record.outcome === 'already_fixed') break;
        continue;
      }
      const evaluation = evaluate(codemod, input, result);
      if (!evaluation.ok) {
        record.outcome = 'evaluation_failed';
        record.detail = JSON.stringify(evaluation.failures);
        continue;
      }
      const own = result.files.find((f) => f.path === finding.path);
      const fixLines = own.changes
        .filter((c) => c.purpose === 'fix')
        .map((c) => [
          state.toOriginal(lineAt(own.before, c.start)),
          state.toOriginal(lineAt(own.before, c.end)),
        ]);
      const siteLines = [
        state.toOriginal(result.site.startLine),
        state.toOriginal(result.site.endLine),
      ];
      record.outcome = 'fixed';
      record.detail = result.notes.join(' ') || null;
      record.site = { lines: siteLines, fixLines };
      state.fixedRanges.push({ codemod: codemod.id, from: siteLines[0], to: siteLines[1] });
      for (const [from, to] of fixLines) state.fixedRanges.push({ codemod: codemod.id, from, to });
      state.record(own);
      break;
    }
  }
  const texts = new Map(
    [...states]
      .filter(([, s]) => s.text !== s.original)
      .map(([p, s]) => [p, { before: s.original, after: s.text }]),
  );
  return { texts, records };
};
