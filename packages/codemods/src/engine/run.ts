import { languageOf } from '../languages.js';
import { locate, regionInFile, type Located } from '../locate/locate.js';
import { normalizePath, samePath } from '../locate/code-flow.js';
import type { CodemodInput, CodemodResult, Change, FileChange, Region, Site } from '../types.js';
import { notApplicable, type CodemodSpec, type FixContext } from './codemod.js';
import { FileEditor } from './file-editor.js';
import { enclosingStatement, SourceFile } from './source-file.js';
import { textChange } from './text-change.js';

export interface SiteInFile<D> extends Located<D> {
  file: SourceFile;
}

interface Candidate {
  path: string;
  region: Region;
}

const candidatesOf = (spec: CodemodSpec<never>, input: CodemodInput): Candidate[] => {
  const location = { path: input.path, region: input.finding.location };
  const steps = (input.finding.codeFlows ?? []).flatMap((flow) =>
    flow.map((step) => ({ path: step.path, region: step })),
  );
  return spec.codeFlow === 'source-first' ? [...steps, location] : [location, ...steps];
};

/** The loaded file a path names: the input's own file or one of `input.files`. */
export const loadedFile = (
  input: CodemodInput,
  path: string,
): { path: string; text: string } | undefined => {
  if (samePath(path, input.path)) return { path: input.path, text: input.source };
  const key = Object.keys(input.files ?? {}).find((k) => samePath(k, path));
  return key === undefined ? undefined : { path: key, text: input.files![key]! };
};

/**
 * Finds the site the finding points at: its location, then its code-flow steps (or the other way
 * round for `source-first` codemods). Pure; the evaluation calls it on fixed text too.
 */
export const locateSite = <D>(
  spec: CodemodSpec<D>,
  input: CodemodInput,
  { fixableOnly = false }: { fixableOnly?: boolean } = {},
): SiteInFile<D> | ReturnType<typeof notApplicable> => {
  const language = input.language ?? languageOf(input.path);
  if (!language || !spec.languages.includes(language)) {
    return notApplicable('language_not_supported', `${spec.id} does not handle ${input.path}`);
  }
  const parsed = new Map<string, SourceFile | null>();
  const detected = new Map<SourceFile, Site<D>[]>();
  const missing = new Set<string>();
  let anyRegionInFile = false;
  for (const candidate of candidatesOf(spec as CodemodSpec<never>, input)) {
    const key = normalizePath(candidate.path);
    if (!parsed.has(key)) {
      const loaded = loadedFile(input, candidate.path);
      const lang = samePath(candidate.path, input.path) ? language : languageOf(candidate.path);
      if (!loaded) missing.add(key);
      const usable = loaded && lang !== null && spec.languages.includes(lang);
      parsed.set(key, usable ? new SourceFile(loaded.path, lang, loaded.text) : null);
    }
    const file = parsed.get(key);
    if (!file) continue;
    anyRegionInFile ||= regionInFile(candidate.region, file.lines);
    if (!detected.has(file))
      detected.set(
        file,
        spec.detect(file).filter((s) => !fixableOnly || s.decline === undefined),
      );
    const found = locate(detected.get(file)!, candidate.region, file.lines);
    if (found) return { ...found, file };
  }
  if (!anyRegionInFile) {
    const why = missing.size ? `; files not loaded: ${[...missing].join(', ')}` : '';
    return notApplicable('location_not_matched', `the finding's region is not in the file${why}`);
  }
  return notApplicable(
    'pattern_not_recognized',
    `no construct ${spec.id} fixes at the finding's location or code flow`,
  );
};

/** Runs a codemod on one finding: locate, fix, and collect minimal per-file changes. */
export const runCodemod = <D>(spec: CodemodSpec<D>, input: CodemodInput): CodemodResult => {
  const located = locateSite(spec, input);
  if ('kind' in located) return located;
  const { file, site } = located;
  if (site.decline !== undefined) return notApplicable('unsafe_to_change', site.decline);
  const editor = new FileEditor(file);
  const notes: string[] = [];
  let behaviourChange: string | undefined;
  const others = new Map<string, FileChange>();
  const ctx: FixContext = {
    input,
    note: (text) => void notes.push(text),
    behaviourChange: (text) => {
      behaviourChange = text;
      notes.push(`Behaviour change: ${text}`);
    },
    fileText: (path) => {
      const loaded = loadedFile(input, path);
      return loaded && (others.get(loaded.path)?.after ?? loaded.text);
    },
    updateFile: (path, update, purpose = 'manifest') => {
      const loaded = loadedFile(input, path);
      if (!loaded) return false;
      const { path: key, text: before } = loaded;
      const current = others.get(key);
      const after = update(current?.after ?? before);
      const change: Change | null = textChange(before, after, purpose);
      if (change) others.set(key, { path: key, before, after, changes: [change] });
      else others.delete(key);
      return true;
    },
  };
  const refused = spec.fix(site, editor, ctx);
  if (refused) return refused;
  const own = editor.finish();
  if (!own) {
    return notApplicable('pattern_not_recognized', `${spec.id} found nothing to change`);
  }
  const statement = file.span(enclosingStatement(site.scope ?? site.node));
  const shift = file.bom ? 1 : 0;
  return {
    kind: 'edited',
    files: [own, ...others.values()],
    notes,
    site: {
      path: file.path,
      start: statement.start + shift,
      end: statement.end + shift,
      startLine: file.lines.lineOf(statement.start) + 1,
      endLine: file.lines.lineOf(statement.end) + 1,
    },
    ...(behaviourChange === undefined ? {} : { behaviourChange }),
  };
};
