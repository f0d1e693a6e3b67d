import { LineIndex } from '@remediation/codemods';

/** A SARIF `fix` (§3.55) as tools write it: replacements per artifact. */
interface SarifFix {
  description?: { text?: string };
  artifactChanges?: {
    artifactLocation?: { uri?: string };
    replacements?: {
      deletedRegion?: {
        startLine?: number;
        startColumn?: number;
        endLine?: number;
        endColumn?: number;
        charOffset?: number;
        charLength?: number;
      };
      insertedContent?: { text?: string };
    }[];
  }[];
}

export interface ProposedChange {
  description: string;
  /** Repository-relative path → the file's text with the tool's replacements applied. */
  files: Map<string, { before: string; after: string }>;
}

const offsets = (
  lines: LineIndex,
  region: NonNullable<
    NonNullable<
      NonNullable<SarifFix['artifactChanges']>[number]['replacements']
    >[number]['deletedRegion']
  >,
): { start: number; end: number } | undefined => {
  if (typeof region.charOffset === 'number')
    return { start: region.charOffset, end: region.charOffset + (region.charLength ?? 0) };
  if (typeof region.startLine !== 'number') return undefined;
  if (region.startLine < 1 || region.startLine > lines.lineCount) return undefined;
  const first = region.startLine - 1;
  const last = (region.endLine ?? region.startLine) - 1;
  const start =
    typeof region.startColumn === 'number'
      ? lines.offset(first, region.startColumn - 1)
      : lines.lineStart(first);
  const end =
    typeof region.endColumn === 'number'
      ? lines.offset(last, region.endColumn - 1)
      : // A region without columns covers whole lines, line ending included (§3.30.11).
        lines.lineStart(last + 1);
  return { start, end: Math.max(start, end) };
};

/**
 * Applies a tool's own proposed fix (SARIF `result.fixes[0]`, e.g. Semgrep autofix) to the
 * files it names, or says why it cannot: a file the caller has not read, a region outside the
 * file, overlapping replacements. The result goes through the same evaluation as a codemod's.
 */
export const applySarifFix = (
  raw: unknown,
  read: (path: string) => string | undefined,
): ProposedChange | { error: string } => {
  const fix = raw as SarifFix;
  const files = new Map<string, { before: string; after: string }>();
  for (const change of fix.artifactChanges ?? []) {
    const path = change.artifactLocation?.uri;
    if (!path) return { error: 'a proposed change names no file' };
    const before = read(path);
    if (before === undefined) return { error: `the proposed change's file ${path} cannot be read` };
    const lines = new LineIndex(before);
    const spans = (change.replacements ?? []).map((r) => ({
      at: r.deletedRegion ? offsets(lines, r.deletedRegion) : undefined,
      text: r.insertedContent?.text ?? '',
    }));
    if (spans.some((s) => !s.at || s.at.end > before.length))
      return { error: `a replacement in ${path} is outside the file` };
    const sorted = spans.sort((a, b) => b.at!.start - a.at!.start);
    let after = before;
    let limit = Infinity;
    for (const s of sorted) {
      if (s.at!.end > limit) return { error: `replacements in ${path} overlap` };
      after = after.slice(0, s.at!.start) + s.text + after.slice(s.at!.end);
      limit = s.at!.start;
    }
    files.set(path, { before, after });
  }
  if (files.size === 0) return { error: 'the proposed fix changes nothing' };
  return { description: fix.description?.text?.trim() ?? 'the tool’s proposed fix', files };
};
