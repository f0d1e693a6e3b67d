import type { SgNode } from '@ast-grep/napi';
import { applySplices, type Splice } from '../text/splice.js';
import type { Change, ChangePurpose, FileChange } from '../types.js';
import type { SourceFile } from './source-file.js';

/**
 * Collects minimal text splices for one file. Inserted text is written with `\n`; the engine
 * turns every line break into the file's own (`\r\n` stays `\r\n`). Edits never reprint a node
 * they do not replace.
 */
export class FileEditor {
  private readonly splices: (Splice & { purpose: ChangePurpose })[] = [];
  /** Per-run memory for idempotent helpers (imports, helpers added in this run). */
  readonly memo = new Map<string, string>();

  constructor(readonly file: SourceFile) {}

  get root(): SgNode {
    return this.file.root;
  }

  get text(): string {
    return this.file.text;
  }

  get changed(): boolean {
    return this.splices.length > 0;
  }

  /** Replaces a node (or an offset range of `file.text`) with `text`. */
  replace(
    target: SgNode | { start: number; end: number },
    text: string,
    purpose: ChangePurpose = 'fix',
  ): void {
    const { start, end } = 'range' in target ? this.file.span(target) : target;
    this.splices.push({ start, end, text, purpose });
  }

  /** Inserts `text` at an offset of `file.text`. */
  insert(offset: number, text: string, purpose: ChangePurpose = 'fix'): void {
    this.splices.push({ start: offset, end: offset, text, purpose });
  }

  /** The file's change, or null when nothing was edited (or every edit was a no-op). */
  finish(): FileChange | null {
    const { eol, bom } = this.file.style;
    const shift = bom ? 1 : 0;
    const changes: Change[] = this.splices
      .map((s) => ({
        purpose: s.purpose,
        start: s.start + shift,
        end: s.end + shift,
        text: s.text.replace(/\r?\n/g, eol),
      }))
      .filter((c) => c.text !== this.file.raw.slice(c.start, c.end));
    if (changes.length === 0) return null;
    const after = applySplices(this.file.raw, changes);
    return { path: this.file.path, before: this.file.raw, after, changes };
  }
}
