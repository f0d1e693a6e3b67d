// Feeds findings through the built @remediation/codemods package the way the fixer does
// (codemodsFor → transform → evaluate), one file at a time: each accepted fix is applied to the
// file's text before the next finding, whose line is mapped into the current text. Every line
// of the current text remembers the original line it came from, so results can be compared
// with the labels and with a re-scan in the original numbering.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  allowedRanges,
  codemodsFor,
  evaluate,
  filesToLoad,
  languageOf,
} from '@remediation/codemods';

const lineStarts = (text) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};
const lineOf = (starts, offset) => starts.findLastIndex((s) => s <= offset);

/** One entry per line of a text: the original line (1-based) it stands for, and whether it is unchanged. */
const identity = (text) => lineStarts(text).map((_, i) => ({ orig: i + 1, pristine: true }));

/** The line map after applying `changes` (offsets in `before`) to a text whose map is `map`. */
const remap = (map, before, after, changes) => {
  const starts = lineStarts(before);
  const sorted = [...changes].sort((a, b) => a.start - b.start);
  const out = [];
  let line = 0;
  for (let i = 0; i < sorted.length;) {
    const first = lineOf(starts, sorted[i].start);
    let last = lineOf(starts, sorted[i].end);
    let j = i + 1;
    while (j < sorted.length && lineOf(starts, sorted[j].start) <= last)
      last = Math.max(last, lineOf(starts, sorted[j++].end));
    for (; line < first; line++) out.push(map[line]);
    // The edited lines become however many lines the edit produced; they map onto the lines they replaced.
    const lineEnd = last + 1 < starts.length ? starts[last + 1] : before.length;
    let segment = before.slice(starts[first], lineEnd);
    for (const c of sorted.slice(i, j).reverse()) {
      segment =
        segment.slice(0, c.start - starts[first]) + c.text + segment.slice(c.end - starts[first]);
    }
    // The segment ends with line `last`'s newline unless `last` is the file's final line.
    const produced = segment.split('\n');
    if (last + 1 < starts.length) produced.pop();
    const old = before.slice(starts[first], lineEnd).split('\n');
    for (let k = 0; k < produced.length; k++) {
      // A line the edit left as it was (an import added after it) keeps its identity.
      const same = k <= last - first && produced[k] === old[k];
      out.push(
        same
          ? map[first + k]
          : { orig: map[Math.min(first + k, last)]?.orig ?? null, pristine: false },
      );
    }
    line = last + 1;
    i = j;
  }
  for (; line < map.length; line++) out.push(map[line]);
  const expected = lineStarts(after).length;
  while (out.length < expected) out.push({ orig: null, pristine: false });
  return out.slice(0, expected);
};

/** The current line (1-based) of an original line, or null when it no longer exists. */
export const currentLine = (map, orig) => {
  const i = map.findIndex((m) => m.orig === orig);
  return i < 0 ? null : i + 1;
};

/**
 * Runs every finding through the codemods, file by file, in line order. Returns the final text
 * of each changed file, its line map, and one record per finding: the codemod tried, the outcome
 * (`fixed`, a not-applicable reason, `evaluation_failed`, `no_codemod`, `location_gone`), the
 * detail, and for a fix the original lines it may touch (its statement, imports, helpers).
 */
export const fixAll = (projectDir, findings) => {
  const byFile = Map.groupBy(findings, (f) => f.path);
  const files = new Map();
  const records = [];
  for (const [path, fileFindings] of byFile) {
    const language = languageOf(path);
    const original = readFileSync(join(projectDir, path), 'utf8');
    let text = original;
    let map = identity(original);
    for (const finding of [...fileFindings].sort(
      (a, b) => a.location.startLine - b.location.startLine,
    )) {
      const record = {
        finding,
        outcome: 'no_codemod',
        codemod: null,
        detail: null,
        allowed: [],
        fixLines: [],
      };
      records.push(record);
      const codemods = language ? codemodsFor(finding.tool, finding.ruleId, language) : [];
      if (codemods.length === 0) continue;
      const start = currentLine(map, finding.location.startLine);
      if (start === null) {
        record.outcome = 'location_gone';
        record.detail = 'an earlier fix rewrote this line';
        continue;
      }
      const span =
        (finding.location.endLine ?? finding.location.startLine) - finding.location.startLine;
      const current = {
        ...finding,
        location: { ...finding.location, startLine: start, endLine: start + span },
      };
      const loaded = Object.fromEntries(
        filesToLoad(path, current)
          .filter((p) => p !== path && (files.has(p) || existsSync(join(projectDir, p))))
          .map((p) => [p, files.get(p)?.after ?? readFileSync(join(projectDir, p), 'utf8')]),
      );
      for (const codemod of codemods) {
        record.codemod = codemod.id;
        const input = { path, source: text, finding: current, files: loaded };
        const result = codemod.transform(input);
        if (result.kind === 'not_applicable') {
          record.outcome = result.reason;
          record.detail = result.detail;
          continue;
        }
        const evaluation = evaluate(codemod, input, result);
        if (!evaluation.ok) {
          record.outcome = 'evaluation_failed';
          record.detail = JSON.stringify(evaluation.failures);
          continue;
        }
        const own = result.files.find((f) => f.path === path);
        const toOrig = (a, b) =>
          map
            .slice(a - 1, b)
            .map((m) => m.orig)
            .filter((o) => o !== null);
        record.allowed = allowedRanges(result, own).flatMap(({ startLine, endLine }) =>
          toOrig(startLine, Math.min(endLine, map.length)),
        );
        const starts = lineStarts(own.before);
        record.fixLines = own.changes
          .filter((c) => c.purpose === 'fix')
          .flatMap((c) => toOrig(lineOf(starts, c.start) + 1, lineOf(starts, c.end) + 1));
        record.outcome = 'fixed';
        record.detail = null;
        record.notes = result.notes;
        map = remap(map, own.before, own.after, own.changes);
        text = own.after;
        for (const other of result.files.filter((f) => f.path !== path)) {
          files.set(other.path, {
            before: files.get(other.path)?.before ?? other.before,
            after: other.after,
            map: null,
          });
        }
        break;
      }
    }
    if (text !== original) files.set(path, { before: original, after: text, map });
  }
  return { files, records };
};
