import type { SourceView, TriageFinding } from '../types.js';
import { languageFamily, type LanguageFamily } from './language.js';

/** One step of a code flow with the code it points at. */
export interface FlowStep {
  uri: string | null;
  line: number | null;
  /** The step's snippet, else its line read from the source, else null. */
  code: string | null;
  /** The tool's label for the step (CodeQL: `name : Type`). */
  message: string | null;
}

/** Everything the code signals read about one finding. */
export interface CodeContext {
  language: LanguageFamily | null;
  /** The finding's file split in lines, when the source view has it. */
  lines: string[] | null;
  /** The finding's file as read. */
  text: string | null;
  /** The statement at the location (file lines or the SARIF snippet), or null. */
  sink: string | null;
  /** The exact region when the location has columns on one line, else null. */
  region: string | null;
  line: number | null;
  /** Each thread flow of the finding, source first. */
  flows: FlowStep[][];
  files: ReadonlyMap<string, string>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A SARIF artifact URI made repository-relative as far as possible (`file:///`, `./`). */
export const normalizeUri = (uri: string): string =>
  decodeURIComponent(uri.replace(/^file:\/\/(localhost)?/, '').replace(/^\.?\/+/, ''));

/** The text of a repository file, trying the exact path then a unique suffix match. */
export const fileText = (files: ReadonlyMap<string, string>, uri: string): string | undefined => {
  const path = normalizeUri(uri);
  const exact = files.get(path);
  if (exact !== undefined) return exact;
  const matches = [...files.keys()].filter((k) => k.endsWith(`/${path}`) || path.endsWith(`/${k}`));
  return matches.length === 1 ? files.get(matches[0]!) : undefined;
};

/**
 * A file's lines, cached by its text: a batch triages many findings in one file, and splitting
 * it for each dominated triage's CPU time. Small and bounded (oldest out first).
 */
const LINES = new Map<string, string[]>();
const splitLines = (text: string): string[] => {
  let lines = LINES.get(text);
  if (!lines) {
    lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    if (LINES.size >= 4096) LINES.delete(LINES.keys().next().value!);
    LINES.set(text, lines);
  }
  return lines;
};

/** The statement starting at 1-based `line`: joins lines until brackets balance (six at most). */
export const statementAt = (
  lines: readonly string[],
  line: number,
  endLine: number | null,
): string => {
  const last = Math.max(line, Math.min(endLine ?? line, line + 5));
  let text = lines.slice(line - 1, last).join('\n');
  let depth = 0;
  for (const ch of text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
    if ('([{'.includes(ch)) depth++;
    if (')]}'.includes(ch)) depth--;
  }
  for (let k = last; depth > 0 && k < lines.length && k < last + 6; k++) {
    text += '\n' + lines[k]!;
    for (const ch of lines[k]!.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) depth--;
    }
  }
  return text;
};

const flowSteps = (codeFlows: unknown[], files: ReadonlyMap<string, string>): FlowStep[][] =>
  codeFlows.flatMap((cf) =>
    arr(obj(cf)?.threadFlows).map((tf) =>
      arr(obj(tf)?.locations).map((tfl): FlowStep => {
        const location = obj(obj(tfl)?.location);
        const physical = obj(location?.physicalLocation);
        const uri = str(obj(physical?.artifactLocation)?.uri);
        const region = obj(physical?.region);
        const line = typeof region?.startLine === 'number' ? region.startLine : null;
        let code = str(obj(region?.snippet)?.text);
        if (code === null && uri && line) {
          const text = fileText(files, uri);
          if (text !== undefined) code = splitLines(text)[line - 1] ?? null;
        }
        return {
          uri: uri && normalizeUri(uri),
          line,
          code,
          message: str(obj(location?.message)?.text),
        };
      }),
    ),
  );

/** Reads the code at the finding's location and along its flows from the snippet and the source. */
export const codeContext = (finding: TriageFinding, source: SourceView): CodeContext => {
  const files = source.status === 'available' ? source.files : new Map<string, string>();
  const loc = finding.location;
  const language = loc ? languageFamily(loc.uri) : null;
  const text = loc ? fileText(files, loc.uri) : undefined;
  const lines = text === undefined ? null : splitLines(text);
  const line = loc?.startLine ?? null;
  let sink: string | null = null;
  let region: string | null = null;
  if (lines && line && line <= lines.length) {
    sink = statementAt(lines, line, loc?.endLine ?? null);
    const l = lines[line - 1]!;
    if (
      loc?.startColumn &&
      loc.endColumn &&
      (loc.endLine ?? line) === line &&
      loc.endColumn > loc.startColumn
    )
      region = l.slice(loc.startColumn - 1, loc.endColumn - 1) || null;
  } else if (finding.snippet) sink = finding.snippet;
  return {
    language,
    lines,
    text: text ?? null,
    sink,
    region,
    line,
    flows: flowSteps(finding.codeFlows, files),
    files,
  };
};
