// Feeds findings through the built @remediation/codemods package the way the fixer does
// (codemodsFor → transform → evaluate), one file at a time: each accepted fix is applied to
// the file's text before the next finding of that file, whose location is shifted accordingly.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codemodsFor, evaluate, filesToLoad, languageOf } from '@remediation/codemods';

const lineStarts = (text) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};

const newlines = (s) => (s.match(/\n/g) ?? []).length;

const shifted = (finding, by) => {
  const { startLine, endLine } = finding.location;
  return {
    ...finding,
    location: { ...finding.location, startLine: startLine + by, endLine: endLine && endLine + by },
  };
};

/**
 * Runs every finding of a project through the codemods. Returns the final text of each changed
 * file and one record per finding: the codemod tried, the outcome, the evaluation, and where
 * the fix landed (the statement around the fixed node, in the original file's lines).
 */
export const fixAll = (projectDir, findings) => {
  const byFile = Map.groupBy(findings, (f) => f.path);
  const texts = new Map();
  const records = [];
  for (const [path, fileFindings] of byFile) {
    const language = languageOf(path);
    const original = readFileSync(join(projectDir, path), 'utf8');
    let text = original;
    /** Lines added so far before each original line: applied edits, in order. */
    const edits = [];
    const toCurrent = (line) =>
      line + edits.reduce((sum, e) => sum + (e.beforeLine < line ? e.delta : 0), 0);
    for (const finding of [...fileFindings].sort(
      (a, b) => a.location.startLine - b.location.startLine,
    )) {
      const record = { finding, outcome: 'no_codemod', codemod: null, detail: null, site: null };
      records.push(record);
      const codemods = language ? codemodsFor(finding.tool, finding.ruleId, language) : [];
      const current = shifted(
        finding,
        toCurrent(finding.location.startLine) - finding.location.startLine,
      );
      const files = Object.fromEntries(
        filesToLoad(path, current)
          .filter((p) => p !== path && existsSync(join(projectDir, p)))
          .map((p) => [p, readFileSync(join(projectDir, p), 'utf8')]),
      );
      for (const codemod of codemods) {
        record.codemod = codemod.id;
        const input = { path, source: text, finding: current, files };
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
        const fixLines = own.changes
          .filter((c) => c.purpose === 'fix')
          .map((c) => [
            lineStarts(text).findLastIndex((s) => s <= c.start) + 1,
            lineStarts(text).findLastIndex((s) => s <= c.end) + 1,
          ]);
        record.outcome = 'fixed';
        record.detail = null;
        const original = (line) =>
          line - edits.reduce((sum, e) => sum + (e.beforeLine < line ? e.delta : 0), 0);
        record.site = {
          ...result.site,
          fixLines,
          findingLine: current.location.startLine,
          /** The fixed lines in the original file's numbering. */
          originalFixLines: fixLines.map(([a, b]) => [original(a), original(b)]),
          originalLines: [original(result.site.startLine), original(result.site.endLine)],
        };
        // Remember where lines were added, in original-line terms, to shift later findings.
        for (const change of own.changes) {
          const delta =
            newlines(change.text) - newlines(own.before.slice(change.start, change.end));
          if (delta === 0) continue;
          const currentLine = lineStarts(own.before).findLastIndex((s) => s <= change.start) + 1;
          const originalLine =
            currentLine -
            edits.reduce((sum, e) => sum + (e.beforeLine < currentLine ? e.delta : 0), 0);
          edits.push({ beforeLine: originalLine, delta });
        }
        text = own.after;
        break;
      }
    }
    if (text !== original) texts.set(path, { before: original, after: text });
  }
  return { texts, records };
};
