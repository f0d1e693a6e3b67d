import { LRUCache } from 'lru-cache';
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

const NO_FILES: ReadonlyMap<string, string> = new Map();

/** Recently normalized URIs (a scan's findings and flow steps repeat the same few files). */
const NORMALIZED = new Map<string, string>();

/** A SARIF artifact URI made repository-relative as far as possible (`file:///`, `./`). */
export const normalizeUri = (uri: string): string => {
  let path = NORMALIZED.get(uri);
  if (path === undefined) {
    path = decodeURIComponent(uri.replace(/^file:\/\/(localhost)?/, '').replace(/^\.?\/+/, ''));
    if (NORMALIZED.size >= 4096) NORMALIZED.clear();
    NORMALIZED.set(uri, path);
  }
  return path;
};

/** The text of a repository file, trying the exact path then a unique suffix match. */
export const fileText = (files: ReadonlyMap<string, string>, uri: string): string | undefined => {
  const path = normalizeUri(uri);
  const exact = files.get(path);
  if (exact !== undefined) return exact;
  const matches = [...files.keys()].filter((k) => k.endsWith(`/${path}`) || path.endsWith(`/${k}`));
  return matches.length === 1 ? files.get(matches[0]!) : undefined;
};

interface ReadFile {
  text: string;
  lines: string[];
}

/**
 * Files split in lines, by path, kept across batches: a scan's batches triage many findings in
 * the same files, and splitting a file for each finding and flow step dominated triage's CPU
 * time. An entry serves only the very text it was split from (same path, other commit or
 * repository: split again). Keyed by path, not by text: V8 hashes strings above 16k
 * characters by their length alone, so same-sized files would collide.
 */
const SPLIT = new LRUCache<string, ReadFile>({
  max: 4096,
  // Files may be up to TRIAGE_MAX_SOURCE_BYTES each: at most 32 Mi characters of text are kept.
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (file) => Math.max(1, file.text.length),
});
const readFile = (files: ReadonlyMap<string, string>, uri: string): ReadFile | null => {
  const text = fileText(files, uri);
  if (text === undefined) return null;
  const path = normalizeUri(uri);
  let file = SPLIT.get(path);
  if (file?.text !== text) {
    file = { text, lines: text.replace(/^\uFEFF/, '').split(/\r?\n/) };
    SPLIT.set(path, file);
  }
  return file;
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
        if (code === null && uri && line) code = readFile(files, uri)?.lines[line - 1] ?? null;
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
  const files = source.status === 'available' ? source.files : NO_FILES;
  const loc = finding.location;
  const language = loc ? languageFamily(loc.uri) : null;
  const file = loc ? readFile(files, loc.uri) : null;
  const lines = file?.lines ?? null;
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
    text: file?.text ?? null,
    sink,
    region,
    line,
    flows: flowSteps(finding.codeFlows, files),
    files,
  };
};
